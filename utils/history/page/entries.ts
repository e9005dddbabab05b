import type { KeyStatus } from '../../messaging/protocol';
import { profileOf } from '../../profiles/first-profile';
import type { HistoryEntry } from '../schema';

export interface PopupSections {
  /** Work in progress, and entries seen running in this popup session (so they finish in place). */
  jobs: HistoryEntry[];
  /** The latest entries not already shown above. */
  recent: HistoryEntry[];
}

export interface SplitOptions {
  /** Ids of entries this popup saw running (or submitted); they stay in the jobs list once finished. */
  watched: ReadonlySet<string>;
  /** Entries shown elsewhere (the result card). */
  exclude: ReadonlySet<string>;
  /**
   * While this popup waits for an image it shows its own progress; a running image entry created after
   * this time is that same request and is not listed again.
   */
  pendingImageSince?: number;
  recentLimit: number;
}

/** Splits the (newest first) history into the popup's "in progress" and "recent" lists. */
export function splitForPopup(history: readonly HistoryEntry[], options: SplitOptions): PopupSections {
  const jobs: HistoryEntry[] = [];
  const recent: HistoryEntry[] = [];
  for (const entry of history) {
    if (options.exclude.has(entry.id)) continue;
    const isOwnPendingImage =
      options.pendingImageSince !== undefined &&
      entry.kind === 'image' &&
      entry.status === 'running' &&
      entry.createdAt >= options.pendingImageSince - 1000;
    if (isOwnPendingImage) continue;
    if (entry.status === 'running' || options.watched.has(entry.id)) {
      jobs.push(entry);
    } else if (recent.length < options.recentLimit) {
      recent.push(entry);
    }
  }
  return { jobs, recent };
}

/**
 * The origin a running video job waits for, when the stored key belongs to another service (or there is
 * none): the background does not poll it until a key for its own service is saved again.
 */
export function waitingOrigin(entry: HistoryEntry, key: KeyStatus | undefined): string | undefined {
  if (!key || entry.status !== 'running' || entry.poll?.jobId === undefined) return undefined;
  let origin: string;
  try {
    origin = new URL(entry.poll.baseUrl).origin;
  } catch {
    return undefined;
  }
  // Status written before profiles names only the one key's origin.
  const keyOrigin = key.origins ? key.origins[profileOf(entry)] : key.origin;
  return keyOrigin === origin ? undefined : origin;
}

/** A running video job while the keys are locked: the background polls it again once they are unlocked. */
export function waitsForUnlock(entry: HistoryEntry, key: KeyStatus | undefined): boolean {
  return key?.locked === true && entry.status === 'running' && entry.poll?.jobId !== undefined;
}

/**
 * For each batch with a prompt at work or cancelled, its first listed entry's id and the batch's listed
 * entries: that row carries the batch's controls, which stay while the batch is listed so what a click did
 * is still said there.
 */
export function batchHeads(entries: readonly HistoryEntry[]): Map<string, HistoryEntry[]> {
  const batches = new Map<string, HistoryEntry[]>();
  for (const entry of entries) {
    if (entry.batchId === undefined) continue;
    const batch = batches.get(entry.batchId) ?? [];
    batch.push(entry);
    batches.set(entry.batchId, batch);
  }
  const heads = new Map<string, HistoryEntry[]>();
  for (const batch of batches.values()) {
    const first = batch[0];
    if (first && batch.some((entry) => entry.status === 'running' || entry.error?.kind === 'cancelled'))
      heads.set(first.id, batch);
  }
  return heads;
}
