import { useEffect, useRef } from 'react';
import { t } from '@/utils/i18n';
import controls from '../controls.module.css';

interface Props {
  loading: boolean;
  onMore: () => void;
  /** Whether coming into view reads more; not after a failed read, which would only fail again and again. */
  auto: boolean;
}

/** How far below the viewport the end of the list already asks for more: a screen ahead of the reader. */
const AHEAD = '0px 0px 100% 0px';

/**
 * The end of a list that continues: reading more starts when it comes within a screen of the viewport,
 * and the *Show more* button does it from the keyboard. The button stays enabled and in place while a page
 * is read (`aria-disabled`), so its focus is never lost and rows are added above it.
 */
export function LoadMore({ loading, onMore, auto }: Props) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const element = button.current;
    if (loading || !auto || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (changes) => {
        if (changes.some((change) => change.isIntersecting)) onMore();
      },
      { rootMargin: AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
    // Watched anew after each page: a page that did not push the button out of reach asks for the next one.
  }, [onMore, loading, auto]);
  return (
    <button
      ref={button}
      type="button"
      className={controls.button}
      aria-disabled={loading}
      onClick={() => {
        if (!loading) onMore();
      }}
    >
      {t('showMore')}
    </button>
  );
}
