import { type RefObject, useEffect, useState } from 'react';
import { afterNextPaint } from './after-paint';

/** How far outside the viewport an element already counts as near: a screen's worth of scrolling. */
const MARGIN = '100% 0px';

type Listener = (near: boolean) => void;

let observer: IntersectionObserver | undefined;
const listeners = new WeakMap<Element, Listener>();

/** One observer for every element of the page: hundreds of grid cells must not mean hundreds of observers. */
function shared(): IntersectionObserver {
  observer ??= new IntersectionObserver(
    (changes) => {
      for (const change of changes) listeners.get(change.target)?.(change.isIntersecting);
    },
    { rootMargin: MARGIN },
  );
  return observer;
}

/**
 * True once the element has come within a screen of the viewport, and from then on: what was loaded stays
 * (a video keeps its frame, an image its pixels), so scrolling back never loads it twice.
 */
export function useNearViewport(ref: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const watcher = shared();
    listeners.set(element, (isNear) => {
      if (isNear) setNear(true);
    });
    // Watched from the frame after the one that first shows the element: the observer's first answer, and the
    // files it starts loading, then come after that frame instead of competing with it.
    const cancel = afterNextPaint(() => watcher.observe(element));
    return () => {
      cancel();
      watcher.unobserve(element);
      listeners.delete(element);
    };
  }, [ref, near]);
  return near;
}
