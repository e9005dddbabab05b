import { describe, expect, it } from 'vitest';
import {
  type CompareTile,
  compareKind,
  tileCost,
  tileState,
  timeToResult,
  wipePair,
} from '@/utils/compare/compare-tiles';
import { columnsFor, nextTileIndex } from '@/utils/compare/tile-focus';
import {
  leaderIndex,
  SEEK_FROM,
  SYNC_TOLERANCE,
  syncPlan,
  type VideoState,
} from '@/utils/compare/video-sync';
import {
  clampView,
  MAX_SCALE,
  panBy,
  transformOf,
  viewKey,
  WHOLE,
  wipeClip,
  ZOOM_STEP,
  zoomAt,
} from '@/utils/compare/zoom';
import { imageEntry } from '../support/fixtures';

const tile = (id: string, patch = {}): CompareTile => ({ entry: imageEntry(id, patch), modelName: id });

describe('tile figures', () => {
  it('counts the time to result from sending, or from creation when it was sent at once', () => {
    expect(timeToResult(imageEntry('a', { createdAt: 1000, finishedAt: 13_500 }))).toBe(12_500);
    expect(timeToResult(imageEntry('b', { createdAt: 1000, sentAt: 5000, finishedAt: 13_500 }))).toBe(8500);
    expect(timeToResult(imageEntry('c', { finishedAt: undefined }))).toBeUndefined();
    expect(timeToResult(imageEntry('d', { status: 'failed', finishedAt: 5000 }))).toBeUndefined();
  });

  it('tells waiting, paused, generating, failed and completed apart', () => {
    expect(tileState(imageEntry('a', { status: 'running', waiting: true }))).toEqual({
      kind: 'waiting',
      paused: false,
    });
    expect(tileState(imageEntry('a', { status: 'running', waiting: true, paused: true }))).toEqual({
      kind: 'waiting',
      paused: true,
    });
    expect(tileState(imageEntry('a', { status: 'running' }))).toEqual({ kind: 'generating' });
    const error = { kind: 'timeout' as const, message: 'slow' };
    expect(tileState(imageEntry('a', { status: 'failed', error }))).toEqual({ kind: 'failed', error });
    expect(tileState(imageEntry('a', { finishedAt: 3000 }))).toEqual({ kind: 'completed', elapsedMs: 2000 });
  });

  it("knows a cost only when it is the entry's own", () => {
    expect(tileCost(imageEntry('a', { cost: 2.5 }))).toEqual({ kind: 'known', credits: 2.5 });
    expect(tileCost(imageEntry('a', { cost: 0 }))).toEqual({ kind: 'known', credits: 0 });
    const reading = { value: 10, at: 1, account: { origin: 'https://s.test', keyId: 'k' } };
    expect(tileCost(imageEntry('a', { balanceBefore: reading }))).toEqual({ kind: 'pending' });
    expect(tileCost(imageEntry('a', { status: 'running' }))).toEqual({ kind: 'pending' });
    expect(tileCost(imageEntry('a'))).toEqual({ kind: 'shared' });
    expect(tileCost(imageEntry('a', { status: 'running', waiting: true }))).toEqual({ kind: 'none' });
  });

  it('offers the wipe only for exactly two pictures', () => {
    const two = [tile('a'), tile('b')];
    expect(wipePair(two)).toEqual(two);
    expect(wipePair([...two, tile('c', { status: 'failed', urls: [] })])).toEqual(two);
    expect(wipePair([...two, tile('c')])).toBeUndefined();
    expect(wipePair([tile('a'), tile('b', { status: 'running', urls: [] })])).toBeUndefined();
  });

  it('shares the controls of one kind only', () => {
    expect(compareKind([tile('a'), tile('b')])).toBe('image');
    expect(compareKind([tile('a', { kind: 'video' }), tile('b', { kind: 'video' })])).toBe('video');
    expect(compareKind([tile('a'), tile('b', { kind: 'video' })])).toBe('mixed');
  });
});

describe('zoom', () => {
  it('zooms about the centre by default and never below the whole picture or past the most', () => {
    expect(zoomAt(WHOLE, ZOOM_STEP)).toEqual({ scale: 1.25, x: 0, y: 0 });
    expect(zoomAt(WHOLE, 1 / ZOOM_STEP)).toEqual(WHOLE);
    expect(zoomAt({ scale: 7, x: 0, y: 0 }, 4).scale).toBe(MAX_SCALE);
  });

  it('keeps the point under the pointer where it was', () => {
    const at = { x: 0.25, y: -0.25 };
    const view = zoomAt(WHOLE, 2, at);
    // The picture's point at `at` before: (0.25, -0.25) at scale 1; after: view.x + 0.25 * 2.
    expect(view.x + at.x * view.scale).toBeCloseTo(at.x);
    expect(view.y + at.y * view.scale).toBeCloseTo(at.y);
  });

  it('pans no further than the picture reaches, and zooming out pulls it back', () => {
    expect(panBy(WHOLE, 0.3, 0.3)).toEqual(WHOLE);
    expect(panBy({ scale: 2, x: 0, y: 0 }, 0.8, -0.1)).toEqual({ scale: 2, x: 0.5, y: -0.1 });
    expect(zoomAt({ scale: 2, x: 0.5, y: 0 }, 1 / 1.6)).toEqual({ scale: 1.25, x: 0.125, y: 0 });
    expect(clampView({ scale: Number.NaN, x: 1, y: 1 })).toEqual(WHOLE);
  });

  it('maps keys: + and − zoom, 0 resets, Shift+arrows move over the picture, plain arrows are not its', () => {
    const zoomed = { scale: 2, x: 0, y: 0 };
    expect(viewKey('+', false)?.(WHOLE).scale).toBe(ZOOM_STEP);
    expect(viewKey('=', false)?.(WHOLE).scale).toBe(ZOOM_STEP);
    expect(viewKey('-', false)?.(zoomed).scale).toBeCloseTo(2 / ZOOM_STEP);
    expect(viewKey('0', false)?.(zoomed)).toEqual(WHOLE);
    // Looking further right moves the picture left.
    expect(viewKey('ArrowRight', true)?.(zoomed)).toEqual({ scale: 2, x: -0.1, y: 0 });
    expect(viewKey('ArrowUp', true)?.(zoomed)).toEqual({ scale: 2, x: 0, y: 0.1 });
    expect(viewKey('ArrowRight', false)).toBeUndefined();
    expect(viewKey('a', false)).toBeUndefined();
  });

  it('writes the transform in fractions of the frame and the clip of the wipe', () => {
    expect(transformOf({ scale: 2, x: 0.125, y: -0.5 })).toBe('translate(12.5%, -50%) scale(2)');
    expect(wipeClip(30)).toBe('inset(0 70% 0 0)');
    expect(wipeClip(100)).toBe('inset(0 0% 0 0)');
  });
});

describe('video sync', () => {
  const video = (currentTime: number, state: Partial<VideoState> = {}): VideoState => ({
    currentTime,
    duration: 10,
    seeking: false,
    ready: true,
    failed: false,
    ...state,
  });

  it('seeks a follower that drifted half the tolerance, leaves one within it alone, and all wait for the seek', () => {
    expect(SEEK_FROM).toBe(SYNC_TOLERANCE / 2);
    expect(syncPlan(video(5), [video(5.04), video(4.9), video(5.1), video(4.96)])).toEqual({
      seeks: [
        { index: 1, time: 5 },
        { index: 2, time: 5 },
      ],
      hold: true,
    });
    expect(syncPlan(video(5), [video(5.04), video(4.96)])).toEqual({ seeks: [], hold: false });
  });

  it('holds all while a video seeks or buffers, but not for one at its end or one whose file failed', () => {
    expect(syncPlan(video(5), [video(5, { seeking: true })])).toEqual({ seeks: [], hold: true });
    expect(syncPlan(video(5), [video(5, { ready: false })])).toEqual({ seeks: [], hold: true });
    expect(syncPlan(video(5, { ready: false }), [video(5)])).toEqual({ seeks: [], hold: true });
    expect(syncPlan(video(8), [video(6, { duration: 6, ready: false })])).toEqual({ seeks: [], hold: false });
    expect(syncPlan(video(5), [video(1, { failed: true, ready: false })])).toEqual({
      seeks: [],
      hold: false,
    });
  });

  it('holds a shorter follower at its end, skips one already seeking, and waits for a known time', () => {
    expect(syncPlan(video(8), [video(6, { duration: 6 }), video(3, { duration: 6 })]).seeks).toEqual([
      { index: 1, time: 6 },
    ]);
    expect(syncPlan(video(5), [video(1, { seeking: true })]).seeks).toEqual([]);
    expect(syncPlan(video(5), [video(1, { duration: Number.NaN })]).seeks).toEqual([{ index: 0, time: 5 }]);
    expect(syncPlan(video(Number.NaN), [video(1)])).toEqual({ seeks: [], hold: false });
  });

  it('leads with the longest video, the first of equals, the first when none is known', () => {
    expect(leaderIndex([4, 8, 8, 2])).toBe(1);
    expect(leaderIndex([Number.NaN, Number.NaN])).toBe(0);
    expect(leaderIndex([Number.NaN, 3])).toBe(1);
  });
});

describe('tile focus', () => {
  it('lays out two, three, two by two, and rows of three', () => {
    expect([2, 3, 4, 5, 6].map(columnsFor)).toEqual([2, 3, 2, 3, 3]);
  });

  it('moves along the row and by rows, staying at the edges', () => {
    // Six tiles in rows of three: 0 1 2 / 3 4 5.
    expect(nextTileIndex('ArrowRight', 2, 6, 3)).toBe(3);
    expect(nextTileIndex('ArrowRight', 5, 6, 3)).toBe(5);
    expect(nextTileIndex('ArrowLeft', 0, 6, 3)).toBe(0);
    expect(nextTileIndex('ArrowDown', 1, 6, 3)).toBe(4);
    expect(nextTileIndex('ArrowDown', 4, 6, 3)).toBe(4);
    expect(nextTileIndex('ArrowUp', 4, 6, 3)).toBe(1);
    expect(nextTileIndex('ArrowUp', 1, 6, 3)).toBe(1);
    expect(nextTileIndex('Home', 4, 6, 3)).toBe(0);
    expect(nextTileIndex('End', 1, 6, 3)).toBe(5);
    expect(nextTileIndex('Enter', 1, 6, 3)).toBeUndefined();
  });

  it('goes down to the last tile of a shorter last row', () => {
    // Five tiles: 0 1 2 / 3 4.
    expect(nextTileIndex('ArrowDown', 2, 5, 3)).toBe(4);
  });
});
