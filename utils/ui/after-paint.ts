import { postTask } from './task-scheduler';

/** Callbacks waiting for the next painted frame; one rAF and one task serve them all. */
const waiting = new Set<() => void>();
let scheduled = false;

function runWaiting(): void {
  scheduled = false;
  const due = [...waiting];
  waiting.clear();
  for (const callback of due) callback();
}

/**
 * A task after the paint at background priority where the browser can say so: what waited for the first frame
 * (a storage read, the rows below it, the thumbnails' viewport watch) then lets whatever else is queued, input
 * first, go before it. Elsewhere an ordinary task.
 */
function queueAfterPaint(): void {
  if (!postTask(runWaiting, 'background')) setTimeout(runWaiting, 0);
}

/**
 * Runs `callback` once the next frame has been painted: a rAF callback runs just before the paint and the
 * task it queues after it. A page's first commit asks this of every grid cell and storage hook at once, so
 * they share one rAF and one task instead of adding a callback each to the frame they wait for. Returns a
 * cancel function, for an effect's cleanup.
 */
export function afterNextPaint(callback: () => void): () => void {
  // Wrapped, so the same function asked for twice runs twice and each cancel removes only its own.
  const entry = () => callback();
  waiting.add(entry);
  if (!scheduled) {
    scheduled = true;
    requestAnimationFrame(queueAfterPaint);
  }
  return () => {
    waiting.delete(entry);
  };
}
