/**
 * Runs `callback` once the next frame has been painted: a rAF callback runs just before the paint and the
 * task it queues just after it. Returns a cancel function, for an effect's cleanup.
 */
export function afterNextPaint(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(callback, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}
