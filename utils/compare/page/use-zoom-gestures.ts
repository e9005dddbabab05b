import { type PointerEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { panBy, wheelFactor, type ZoomView, zoomAt } from '../zoom';

type ChangeView = (update: (view: ZoomView) => ZoomView) => void;

interface Drag {
  pointerId: number;
  x: number;
  y: number;
}

/** Where a pointer is in the frame, as fractions from its centre; the centre for a frame with no size. */
function pointIn(frame: HTMLElement, clientX: number, clientY: number): { x: number; y: number } {
  const box = frame.getBoundingClientRect();
  if (box.width <= 0 || box.height <= 0) return { x: 0, y: 0 };
  return { x: (clientX - box.left) / box.width - 0.5, y: (clientY - box.top) / box.height - 0.5 };
}

/**
 * Zoom and pan of the shared view by pointer over one frame: Ctrl (or ⌘) with the wheel, or a trackpad's pinch,
 * which browsers send as the same, zooms about the pointer; dragging moves the picture. A plain wheel is left to
 * scroll the page: six large tiles would otherwise trap it.
 */
export function useZoomGestures(frame: RefObject<HTMLElement | null>, changeView: ChangeView) {
  const drag = useRef<Drag | undefined>(undefined);
  const [dragging, setDragging] = useState(false);
  const change = useRef(changeView);
  change.current = changeView;

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    // React's wheel listener is passive, so it cannot keep the browser from zooming the whole page.
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      const at = pointIn(element, event.clientX, event.clientY);
      change.current((view) => zoomAt(view, wheelFactor(event.deltaY, event.deltaMode), at));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [frame]);

  const end = (event: PointerEvent<HTMLElement>) => {
    if (drag.current?.pointerId !== event.pointerId) return;
    drag.current = undefined;
    setDragging(false);
  };

  return {
    dragging,
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if (event.button !== 0) return;
      drag.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY };
      // Captured, a drag that leaves the frame still moves the picture and still ends.
      event.currentTarget.setPointerCapture?.(event.pointerId);
      setDragging(true);
    },
    onPointerMove: (event: PointerEvent<HTMLElement>) => {
      const from = drag.current;
      if (from?.pointerId !== event.pointerId) return;
      const box = event.currentTarget.getBoundingClientRect();
      if (box.width <= 0 || box.height <= 0) return;
      const dx = (event.clientX - from.x) / box.width;
      const dy = (event.clientY - from.y) / box.height;
      drag.current = { ...from, x: event.clientX, y: event.clientY };
      change.current((view) => panBy(view, dx, dy));
    },
    onPointerUp: end,
    onPointerCancel: end,
  };
}
