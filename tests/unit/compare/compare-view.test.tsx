// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CompareView } from '@/components/compare/CompareView';
import type { CompareTile } from '@/utils/compare/compare-tiles';
import { describeError } from '@/utils/describe-error';
import type { HistoryEntry } from '@/utils/history/schema';
import { imageEntry } from '../support/fixtures';

const SHARED =
  'Not known: it ran beside other generations, and their charge could not be split between them.';
const PENDING = 'Not known yet: the balance after it is still to be read.';

function tile(id: string, patch: Partial<HistoryEntry> = {}): CompareTile {
  return {
    entry: imageEntry(id, { model: `model-${id}`, finishedAt: 6000, ...patch }),
    modelName: `Model ${id.toUpperCase()}`,
  };
}
const video = (id: string) => tile(id, { kind: 'video', urls: [`https://media.test/${id}.webm`] });

function renderView(tiles: CompareTile[]) {
  const onKeep = vi.fn();
  const onUseModel = vi.fn();
  render(<CompareView tiles={tiles} onKeep={onKeep} onUseModel={onUseModel} />);
  return { onKeep, onUseModel };
}

const group = (name: string) => screen.getByRole('group', { name });
const transforms = () =>
  screen.queryAllByTestId('compare-pan').map((pan) => (pan as HTMLElement).style.transform);

/** happy-dom's WheelEvent drops the modifier keys of its init: Ctrl is put on the event itself. */
function ctrlWheel(deltaY: number): WheelEvent {
  const event = new WheelEvent('wheel', { deltaY, bubbles: true, cancelable: true });
  Object.defineProperty(event, 'ctrlKey', { value: true });
  return event;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('compare tiles', () => {
  it("names each tile by its model and shows its time to result and cost, or that the cost isn't known", () => {
    const reading = { value: 10, at: 1, account: { origin: 'https://s.test', keyId: 'k' } };
    renderView([
      tile('a', { createdAt: 1000, finishedAt: 13_000, cost: 2 }),
      tile('b', { createdAt: 1000, sentAt: 4000, finishedAt: 69_000 }),
      tile('c', { balanceBefore: reading }),
    ]);
    const a = within(group('Model A'));
    expect(a.getByText('Model A')).toBeTruthy();
    expect(a.getByTestId('compare-time').textContent).toBe('0:12');
    expect(a.getByTestId('compare-cost').textContent).toBe('2 credits');
    const b = within(group('Model B'));
    expect(b.getByTestId('compare-time').textContent).toBe('1:05');
    expect(b.getByTestId('compare-cost').textContent).toBe(SHARED);
    expect(within(group('Model C')).getByTestId('compare-cost').textContent).toBe(PENDING);
    expect(screen.getAllByRole('img')).toHaveLength(3);
  });

  it('says where a result that is not there is: waiting, generating, or failed and why', () => {
    const error = { kind: 'timeout' as const, message: 'slow' };
    renderView([
      tile('a', { status: 'running', waiting: true, urls: [], finishedAt: undefined }),
      tile('b', { status: 'running', urls: [], finishedAt: undefined }),
      tile('c', { status: 'failed', urls: [], error }),
    ]);
    expect(within(group('Model A')).getByText('Waiting to be sent')).toBeTruthy();
    expect(within(group('Model A')).queryByTestId('compare-cost')).toBeNull();
    expect(within(group('Model B')).getByText('Generating…')).toBeTruthy();
    expect(within(group('Model B')).getByTestId('compare-cost').textContent).toBe(PENDING);
    expect(within(group('Model C')).getByText(`Failed: ${describeError(error)}`)).toBeTruthy();
    // Nothing to keep but a result.
    expect(screen.queryByRole('button', { name: 'Keep this one' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Use this model' })).toHaveLength(3);
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('keeps a result as a favourite, or stops keeping it, and makes its model the default', () => {
    const { onKeep, onUseModel } = renderView([tile('a'), tile('b', { favourite: true })]);
    const keepA = within(group('Model A')).getByRole('button', { name: 'Keep this one' });
    const keepB = within(group('Model B')).getByRole('button', { name: 'Keep this one' });
    expect(keepA.getAttribute('aria-pressed')).toBe('false');
    expect(keepB.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(keepA);
    fireEvent.click(keepB);
    expect(onKeep.mock.calls).toEqual([
      ['a', true],
      ['b', false],
    ]);
    fireEvent.click(within(group('Model B')).getByRole('button', { name: 'Use this model' }));
    expect(onUseModel).toHaveBeenCalledWith('model-b');
  });

  it('is one Tab stop, walked with the arrow keys, Home and End', () => {
    renderView([tile('a'), tile('b'), tile('c'), tile('d')]);
    const tiles = ['A', 'B', 'C', 'D'].map((letter) => group(`Model ${letter}`));
    expect(tiles.map((element) => element.tabIndex)).toEqual([0, -1, -1, -1]);
    act(() => tiles[0]?.focus());
    fireEvent.keyDown(tiles[0] as HTMLElement, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tiles[1]);
    expect(tiles.map((element) => element.tabIndex)).toEqual([-1, 0, -1, -1]);
    // Four tiles are two by two: down goes to the row below.
    fireEvent.keyDown(tiles[1] as HTMLElement, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(tiles[3]);
    fireEvent.keyDown(tiles[3] as HTMLElement, { key: 'Home' });
    expect(document.activeElement).toBe(tiles[0]);
    fireEvent.keyDown(tiles[0] as HTMLElement, { key: 'End' });
    expect(document.activeElement).toBe(tiles[3]);
    fireEvent.keyDown(tiles[3] as HTMLElement, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(tiles[2]);
    // A key on a button inside a tile is the button's.
    fireEvent.keyDown(within(tiles[2] as HTMLElement).getByRole('button', { name: 'Use this model' }), {
      key: 'ArrowRight',
    });
    expect(document.activeElement).toBe(tiles[2]);
  });
});

describe('synced zoom', () => {
  it('zooms every picture when one tile is zoomed by key, and resets them all', () => {
    renderView([tile('a'), tile('b'), tile('c')]);
    expect(transforms()).toEqual(Array(3).fill('translate(0%, 0%) scale(1)'));
    const b = group('Model B');
    fireEvent.keyDown(b, { key: '+' });
    expect(transforms()).toEqual(Array(3).fill('translate(0%, 0%) scale(1.25)'));
    expect(screen.getByText('Zoom: 125 %')).toBeTruthy();
    fireEvent.keyDown(b, { key: 'ArrowRight', shiftKey: true });
    expect(transforms()).toEqual(Array(3).fill('translate(-10%, 0%) scale(1.25)'));
    fireEvent.keyDown(b, { key: '0' });
    expect(transforms()).toEqual(Array(3).fill('translate(0%, 0%) scale(1)'));
  });

  it('zooms all with the buttons and with Ctrl and the wheel, and pans all by dragging one', () => {
    renderView([tile('a'), tile('b')]);
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(transforms()).toEqual(Array(2).fill('translate(0%, 0%) scale(1.563)'));
    fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(transforms()).toEqual(Array(2).fill('translate(0%, 0%) scale(1.25)'));

    const frame = screen.queryAllByTestId('compare-pan')[0]?.parentElement as HTMLElement;
    // A plain wheel scrolls the page; with Ctrl it zooms.
    fireEvent.wheel(frame, { deltaY: -300 });
    expect(transforms()[1]).toBe('translate(0%, 0%) scale(1.25)');
    // Kept from the browser, which would zoom the whole page.
    expect(fireEvent(frame, ctrlWheel(-300))).toBe(false);
    expect(transforms()).toEqual(Array(2).fill('translate(0%, 0%) scale(3.398)'));

    vi.spyOn(frame, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ width: 200, height: 100 }));
    fireEvent.pointerDown(frame, { pointerId: 1, button: 0, clientX: 100, clientY: 50 });
    fireEvent.pointerMove(frame, { pointerId: 1, clientX: 120, clientY: 40 });
    fireEvent.pointerUp(frame, { pointerId: 1 });
    fireEvent.pointerMove(frame, { pointerId: 1, clientX: 190, clientY: 40 });
    expect(transforms()).toEqual(Array(2).fill('translate(10%, -10%) scale(3.398)'));
  });
});

describe('A/B wipe', () => {
  it('lays two pictures over each other, the first clipped where the range puts the line', () => {
    renderView([tile('a'), tile('b')]);
    const toggle = screen.getByRole('button', { name: 'A/B wipe' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    const stage = group('A/B wipe: Model A on the left, Model B on the right');
    expect(
      within(stage)
        .getAllByRole('img')
        .map((image) => image.getAttribute('alt')),
    ).toEqual(['Model B', 'Model A']);
    // The tiles' own pictures give way to the stage.
    expect(screen.getAllByRole('img')).toHaveLength(2);
    const top = screen.getByTestId('compare-wipe-top');
    expect(top.style.clipPath).toBe('inset(0 50% 0 0)');
    const range = screen.getByRole('slider', { name: 'Dividing line' });
    fireEvent.change(range, { target: { value: '30' } });
    expect(top.style.clipPath).toBe('inset(0 70% 0 0)');
    expect(range.getAttribute('aria-valuetext')).toBe('30 % from the left shows Model A');
    // The stage takes the zoom keys too, and the zoom is the tiles' one.
    fireEvent.keyDown(stage, { key: '+' });
    expect(transforms()).toEqual([]);
    fireEvent.click(toggle);
    expect(transforms()).toEqual(Array(2).fill('translate(0%, 0%) scale(1.25)'));
  });

  it('is offered only for exactly two pictures', () => {
    renderView([tile('a'), tile('b'), tile('c')]);
    expect(screen.queryByRole('button', { name: 'A/B wipe' })).toBeNull();
  });
});

describe('synced videos', () => {
  function videos(): HTMLVideoElement[] {
    return [...document.querySelectorAll('video')];
  }

  it('plays and pauses every video from the one bar, and seeks them all', () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
    renderView([video('a'), video('b'), video('c')]);
    expect(videos()).toHaveLength(3);
    expect(videos().every((element) => element.muted)).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Play all' }));
    expect(play.mock.contexts).toEqual(videos());
    fireEvent.click(screen.getByRole('button', { name: 'Pause all' }));
    expect(pause.mock.contexts).toEqual(videos());
    expect(screen.getByRole('button', { name: 'Play all' })).toBeTruthy();

    const position = screen.getByRole('slider', { name: 'Position' }) as HTMLInputElement;
    expect(position.disabled).toBe(true);
    videos().forEach((element, index) => {
      Object.defineProperty(element, 'duration', { configurable: true, value: [6, 8, 4][index] });
    });
    fireEvent(videos()[0] as HTMLVideoElement, new Event('durationchange'));
    expect(position.disabled).toBe(false);
    expect(position.max).toBe('8');
    fireEvent.change(position, { target: { value: '5' } });
    expect(videos().map((element) => element.currentTime)).toEqual([5, 5, 4]);
    expect(position.getAttribute('aria-valuetext')).toBe('0:05 of 0:08');
  });

  it('pauses all once the longest has ended, and says Play again when the leader will not play', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
    renderView([video('a'), video('b')]);
    const [shorter, leader] = videos() as [HTMLVideoElement, HTMLVideoElement];
    Object.defineProperty(shorter, 'duration', { configurable: true, value: 4 });
    Object.defineProperty(leader, 'duration', { configurable: true, value: 8 });
    fireEvent.click(screen.getByRole('button', { name: 'Play all' }));
    fireEvent(shorter, new Event('ended'));
    expect(screen.getByRole('button', { name: 'Pause all' })).toBeTruthy();
    fireEvent(leader, new Event('ended'));
    expect(pause.mock.contexts).toEqual([shorter, leader]);
    expect(screen.getByRole('button', { name: 'Play all' })).toBeTruthy();

    play.mockRejectedValue(new DOMException('no source', 'NotSupportedError'));
    fireEvent.click(screen.getByRole('button', { name: 'Play all' }));
    expect(screen.getByRole('button', { name: 'Pause all' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Play all' })).toBeTruthy();
  });

  it('keeps a drifting follower with the leader while they play', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    renderView([video('a'), video('b')]);
    const [first, leader] = videos() as [HTMLVideoElement, HTMLVideoElement];
    Object.defineProperty(first, 'duration', { configurable: true, value: 6 });
    Object.defineProperty(leader, 'duration', { configurable: true, value: 8 });
    fireEvent.click(screen.getByRole('button', { name: 'Play all' }));
    leader.currentTime = 3;
    first.currentTime = 3.05;
    await new Promise((resolve) => requestAnimationFrame(resolve));
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(first.currentTime).toBe(3.05);
    first.currentTime = 1;
    await vi.waitFor(() => expect(first.currentTime).toBe(3));
  });
});
