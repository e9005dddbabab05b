// @vitest-environment happy-dom
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderBeforeFirstFrame } from '@/utils/ui/first-render';

let root: Root | undefined;
afterEach(() => {
  root?.unmount();
  root = undefined;
  vi.unstubAllGlobals();
});

function page() {
  const element = document.createElement('div');
  root = createRoot(element);
  const mounted = root;
  return { element, render: () => mounted.render(<p>History</p>) };
}

describe('renderBeforeFirstFrame', () => {
  it('renders the whole first tree inside one user-blocking task', () => {
    const tasks: Array<{ run: () => void; priority: string }> = [];
    vi.stubGlobal('scheduler', {
      postTask: (run: () => void, options: { priority: string }) => {
        tasks.push({ run, priority: options.priority });
        return Promise.resolve();
      },
    });
    const { element, render } = page();
    renderBeforeFirstFrame(render);
    expect(element.textContent).toBe('');
    expect(tasks.map((task) => task.priority)).toEqual(['user-blocking']);
    tasks[0]?.run();
    // Committed by the time the task returns: nothing is left for a later task to do before the frame.
    expect(element.textContent).toBe('History');
  });

  it('falls back to React’s own scheduling where the browser has no task scheduler', async () => {
    vi.stubGlobal('scheduler', undefined);
    const { element, render } = page();
    renderBeforeFirstFrame(render);
    await vi.waitFor(() => expect(element.textContent).toBe('History'));
  });
});
