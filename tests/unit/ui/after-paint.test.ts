import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from '@/utils/ui/after-paint';

describe('afterNextPaint', () => {
  let frames: FrameRequestCallback[];
  beforeEach(() => {
    frames = [];
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const paint = () => {
    for (const frame of frames.splice(0)) frame(0);
    vi.runOnlyPendingTimers();
  };

  it('runs every waiting callback once the next frame is painted, through one frame request', () => {
    const ran: string[] = [];
    afterNextPaint(() => ran.push('cell'));
    afterNextPaint(() => ran.push('storage'));
    expect(frames).toHaveLength(1);
    vi.runOnlyPendingTimers();
    expect(ran).toEqual([]);
    paint();
    expect(ran).toEqual(['cell', 'storage']);
  });

  it('leaves out a cancelled callback, and only that one', () => {
    const ran: string[] = [];
    const same = () => ran.push('same');
    const cancel = afterNextPaint(same);
    afterNextPaint(same);
    cancel();
    paint();
    expect(ran).toEqual(['same']);
  });

  it('asks for a new frame for callbacks that come after the last one ran', () => {
    const ran: string[] = [];
    afterNextPaint(() => ran.push('first'));
    paint();
    afterNextPaint(() => ran.push('second'));
    expect(frames).toHaveLength(1);
    paint();
    expect(ran).toEqual(['first', 'second']);
  });
});

describe('afterNextPaint with a task scheduler', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('queues the work after the paint at background priority, behind what else is waiting', () => {
    const frames: FrameRequestCallback[] = [];
    const tasks: Array<{ run: () => void; priority: string }> = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('scheduler', {
      postTask: (run: () => void, options: { priority: string }) => {
        tasks.push({ run, priority: options.priority });
        return Promise.resolve();
      },
    });
    const ran: string[] = [];
    afterNextPaint(() => ran.push('rows'));
    expect(tasks).toEqual([]);
    for (const frame of frames.splice(0)) frame(0);
    expect(tasks.map((task) => task.priority)).toEqual(['background']);
    expect(ran).toEqual([]);
    tasks[0]?.run();
    expect(ran).toEqual(['rows']);
  });
});
