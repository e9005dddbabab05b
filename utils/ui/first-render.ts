import { flushSync } from 'react-dom';
import { postTask } from './task-scheduler';

/**
 * Renders a page's first tree in a task of its own that the browser runs before its first frame. React's own
 * scheduling posts an ordinary task, and the browser paints the empty page first (a style, layout and
 * compositing pass of 3-5 ms, then the real frame after it); a user-blocking task comes before that frame, and
 * `flushSync` keeps the whole first render in it. Without the Prioritized Task Scheduling API the render is
 * React's ordinary one.
 */
export function renderBeforeFirstFrame(render: () => void): void {
  if (!postTask(() => flushSync(render), 'user-blocking')) render();
}
