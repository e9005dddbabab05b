import type { ErrorInfo } from '../error-info';
import type { HistoryEntry } from '../history/schema';

/**
 * What the compare view shows of one prompt's results, one tile per model. Zod-free (the entry's type only),
 * so a page can take it without the history's schemas.
 */
export interface CompareTile {
  entry: HistoryEntry;
  /** The person's name for the model, or the model id when it has none. */
  modelName: string;
}

export interface CompareViewProps {
  /** 2 to 6 results of one prompt, in the order the person listed the models. */
  tiles: readonly CompareTile[];
  /**
   * *Keep this one*: `keep` is the state the person asked for (true to make it a favourite, false when it
   * already was one); the caller sends the command and the new state comes back in `tiles`.
   */
  onKeep: (entryId: string, keep: boolean) => void;
  /** *Use this model*: the caller makes it the profile's default model; no such button without it. */
  onUseModel?: (modelId: string) => void;
}

/** Where a tile's generation is: only a completed one has a picture, a time and something to keep. */
export type TileState =
  | { kind: 'waiting'; paused: boolean }
  | { kind: 'generating' }
  | { kind: 'failed'; error: ErrorInfo | undefined }
  | { kind: 'completed'; elapsedMs: number | undefined };

/** From sending to the result (a batch's prompt counts from when it stopped waiting), as the figures count it. */
export function timeToResult(entry: HistoryEntry): number | undefined {
  if (entry.status !== 'completed' || entry.finishedAt === undefined) return undefined;
  return Math.max(0, entry.finishedAt - (entry.sentAt ?? entry.createdAt));
}

export function tileState(entry: HistoryEntry): TileState {
  if (entry.status === 'completed') return { kind: 'completed', elapsedMs: timeToResult(entry) };
  if (entry.status === 'failed') return { kind: 'failed', error: entry.error };
  if (entry.waiting) return { kind: 'waiting', paused: entry.paused === true };
  return { kind: 'generating' };
}

/**
 * What is known of a tile's cost. A cost is put on an entry only when no other generation overlapped it, and
 * the results of one comparison run side by side: most of them end `shared`, charged as one group.
 */
export type TileCost =
  | { kind: 'known'; credits: number }
  /** The balance after it is still to be read. */
  | { kind: 'pending' }
  /** Its charge could not be told apart from the others'. */
  | { kind: 'shared' }
  /** Never sent: nothing to cost. */
  | { kind: 'none' };

export function tileCost(entry: HistoryEntry): TileCost {
  if (entry.cost !== undefined) return { kind: 'known', credits: entry.cost };
  if (entry.waiting) return { kind: 'none' };
  if (entry.status === 'running' || entry.balanceBefore !== undefined) return { kind: 'pending' };
  return { kind: 'shared' };
}

/**
 * Which shared controls the view offers: zoom for images, one play bar for videos. A comparison is of one
 * prompt, so its tiles are all one kind; a mix (never made by the view's caller) gets neither.
 */
export function compareKind(tiles: readonly CompareTile[]): 'image' | 'video' | 'mixed' {
  const kinds = new Set(tiles.map((tile) => tile.entry.kind));
  if (kinds.size !== 1) return 'mixed';
  return kinds.has('video') ? 'video' : 'image';
}

/** The two pictures an A/B wipe lays over each other: only when exactly two tiles have one. */
export function wipePair(tiles: readonly CompareTile[]): readonly [CompareTile, CompareTile] | undefined {
  const shown = tiles.filter((tile) => tile.entry.kind === 'image' && hasPicture(tile.entry));
  const [first, second] = shown;
  return shown.length === 2 && first && second ? [first, second] : undefined;
}

/** A completed entry with a file to show (its first: a comparison puts one result of each model side by side). */
export function hasPicture(entry: HistoryEntry): boolean {
  return entry.status === 'completed' && entry.urls.length > 0;
}
