import { isQuotaError, storageFullError } from '../error-info';
import { createSerial } from '../serial';
import type { HistoryEntry } from './schema';

export const HISTORY_LIMIT = 200;

/** The storage the history lives in; WXT's storage item in the extension, a plain object in tests. */
export interface HistoryBackend {
  getValue(): Promise<HistoryEntry[]>;
  setValue(entries: HistoryEntry[]): Promise<void>;
}

/**
 * Newest first, capped: the oldest finished entries go first, and a running entry is never dropped
 * (it is a job the person is waiting for).
 */
export function capHistory(entries: HistoryEntry[], limit = HISTORY_LIMIT): HistoryEntry[] {
  if (entries.length <= limit) return entries;
  let excess = entries.length - limit;
  const kept = [...entries];
  for (let i = kept.length - 1; i >= 0 && excess > 0; i--) {
    if (kept[i]?.status !== 'running') {
      kept.splice(i, 1);
      excess--;
    }
  }
  return kept;
}

/**
 * The older half of the finished entries, dropped to make room. Running jobs are never dropped, nor the
 * entries in `keep` (the ones the write at hand adds or changes: its outcome is the point of writing).
 */
export function pruneOldestFinished(
  entries: HistoryEntry[],
  keep: ReadonlySet<HistoryEntry> = new Set(),
): HistoryEntry[] {
  const finished = entries.filter((entry) => entry.status !== 'running' && !keep.has(entry));
  const drop = new Set(finished.slice(finished.length - Math.ceil(finished.length / 2)));
  return entries.filter((entry) => !drop.has(entry));
}

/**
 * Writes `entries`; when the browser refuses for quota, drops the oldest finished entries half by half
 * and tries again, so a full storage costs old results rather than the outcome being written now. Only
 * when nothing finished is left to drop does it give up, with an error the person can act on.
 */
async function writeWithRoom(
  backend: HistoryBackend,
  entries: HistoryEntry[],
  keep: ReadonlySet<HistoryEntry>,
): Promise<HistoryEntry[]> {
  let attempt = entries;
  for (;;) {
    try {
      await backend.setValue(attempt);
      return attempt;
    } catch (error) {
      if (!isQuotaError(error)) throw error;
      const pruned = pruneOldestFinished(attempt, keep);
      if (pruned.length === attempt.length) {
        throw storageFullError(error);
      }
      attempt = pruned;
    }
  }
}

/**
 * `incoming` added to `entries` where their ids are new, newest first. An entry already stored always
 * stays as it is: it may be a running job, or newer than the copy coming in.
 */
export function mergeEntries(
  entries: readonly HistoryEntry[],
  incoming: readonly HistoryEntry[],
): { entries: HistoryEntry[]; added: number } {
  const ids = new Set(entries.map((entry) => entry.id));
  // Adding each id as it is taken also keeps the first of an id the file lists twice.
  const added = incoming.filter((entry) => !ids.has(entry.id) && ids.add(entry.id));
  const merged = [...entries, ...added].sort((a, b) => b.createdAt - a.createdAt);
  return { entries: merged, added: added.length };
}

/**
 * The entries a query or a change reaches. Each names a set the store can find without visiting the others
 * (by id, by status, by batch, by date), so a poll or a finished result costs the same whatever the
 * history's size once the store keeps one record per entry.
 */
export type HistoryScope =
  | { ids: readonly string[] }
  | { status: 'running' }
  /** Ended entries whose outcome is still to be told. */
  | { owed: true }
  | { batchId: string }
  /** Created at or after this time. */
  | { since: number }
  /** Ended entries holding the balance from before them, waiting for the reading after. */
  | { costPending: true };

export function inScope(scope: HistoryScope): (entry: HistoryEntry) => boolean {
  if ('ids' in scope) {
    const ids = new Set(scope.ids);
    return (entry) => ids.has(entry.id);
  }
  if ('status' in scope) return (entry) => entry.status === scope.status;
  if ('owed' in scope) return (entry) => entry.status !== 'running' && entry.notifyPending === true;
  if ('batchId' in scope) return (entry) => entry.batchId === scope.batchId;
  if ('since' in scope) return (entry) => entry.createdAt >= scope.since;
  return (entry) => entry.status !== 'running' && entry.balanceBefore !== undefined;
}

/** What an import would do, or did: entries it adds and stored entries the cap pushes out to make room. */
export interface ImportOutcome {
  /** False when it would push out more entries than allowed: nothing was changed. */
  applied: boolean;
  adding: number;
  removing: number;
  /** Entries of the file whose ids the history already has. */
  skipped: number;
}

/**
 * Serialises every read-modify-write of the history. Image requests, video submissions and polls all
 * finish at unrelated times; without one queue, two of them could each write a stale copy.
 * `onDropped` hears of entries the cap or a full storage pushed out (not those a change removed itself), so
 * their kept copies can be freed; it is called inside the queue and must not wait for the store.
 */
export function createHistoryStore(
  backend: HistoryBackend,
  limit = HISTORY_LIMIT,
  onDropped: (ids: readonly string[]) => void = () => undefined,
): HistoryStore {
  const serially = createSerial();

  /** A change that answers with the stored array itself changes nothing, and nothing is written. */
  function update<T>(
    change: (entries: HistoryEntry[]) => { entries: HistoryEntry[]; result: T },
  ): Promise<T> {
    return serially(async () => {
      const stored = await backend.getValue();
      const { entries, result } = change(stored);
      if (entries === stored) return result;
      const unchanged = new Set(stored);
      const changed = new Set(entries.filter((entry) => !unchanged.has(entry)));
      const written = new Set(await writeWithRoom(backend, capHistory(entries, limit), changed));
      const dropped = entries.filter((entry) => !written.has(entry)).map((entry) => entry.id);
      if (dropped.length > 0) onDropped(dropped);
      return result;
    });
  }

  const find = (scope: HistoryScope): Promise<HistoryEntry[]> =>
    serially(async () => (await backend.getValue()).filter(inScope(scope)));

  return {
    /** Every entry, newest first: only for work about the whole history (export, freeing copies, origins). */
    read: (): Promise<HistoryEntry[]> => serially(() => backend.getValue()),
    /** The entries in `scope`, newest first. */
    find,
    get: async (id: string): Promise<HistoryEntry | undefined> => (await find({ ids: [id] }))[0],
    /** Adds new entries in one write, in the order given, before the stored ones (newest first). */
    add: (...added: HistoryEntry[]): Promise<void> =>
      update((entries) => ({ entries: [...added, ...entries], result: undefined })),
    /** Applies `patch` to the entry with this id; returns the updated entry, if it still exists. */
    patch: (id: string, patch: (entry: HistoryEntry) => HistoryEntry): Promise<HistoryEntry | undefined> =>
      update((entries) => {
        let updated: HistoryEntry | undefined;
        const next = entries.map((entry) => {
          if (entry.id !== id) return entry;
          updated = patch(entry);
          return updated;
        });
        return { entries: next, result: updated };
      }),
    /** Applies `patch` to every entry in `scope` it returns a replacement for; returns the replaced entries. */
    patchMany: (
      scope: HistoryScope,
      patch: (entry: HistoryEntry) => HistoryEntry | undefined,
    ): Promise<HistoryEntry[]> =>
      update((entries) => {
        const reached = inScope(scope);
        const changed: HistoryEntry[] = [];
        const next = entries.map((entry) => {
          const replacement = reached(entry) ? patch(entry) : undefined;
          if (!replacement) return entry;
          changed.push(replacement);
          return replacement;
        });
        return { entries: next, result: changed };
      }),
    /**
     * Adds the entries whose ids are not stored yet, unless the cap would then push out more than `removeUpTo`
     * stored entries: the person is asked first, and only an import they allowed changes anything.
     */
    importMissing: (incoming: readonly HistoryEntry[], removeUpTo: number): Promise<ImportOutcome> =>
      update<ImportOutcome>((entries) => {
        const merged = mergeEntries(entries, incoming);
        const kept = new Set(capHistory(merged.entries, limit));
        const stored = new Set(entries);
        const removing = entries.filter((entry) => !kept.has(entry)).length;
        const adding = merged.entries.filter((entry) => !stored.has(entry) && kept.has(entry)).length;
        const outcome = { adding, removing, skipped: incoming.length - merged.added };
        if (removing > removeUpTo) return { entries, result: { ...outcome, applied: false } };
        return { entries: merged.entries, result: { ...outcome, applied: true } };
      }),
    remove: (id: string): Promise<boolean> =>
      update((entries) => {
        const next = entries.filter((entry) => entry.id !== id);
        return { entries: next, result: next.length !== entries.length };
      }),
    /** Clears finished entries; running jobs stay so they can still complete and notify. */
    clearFinished: (): Promise<number> =>
      update((entries) => {
        const next = entries.filter((entry) => entry.status === 'running');
        return { entries: next, result: entries.length - next.length };
      }),
  };
}

/** The one history store the background works with, whatever keeps the entries. */
export interface HistoryStore {
  /** Every entry, newest first: only for work about the whole history (export, freeing copies, origins). */
  read(): Promise<HistoryEntry[]>;
  /** The entries in `scope`, newest first. */
  find(scope: HistoryScope): Promise<HistoryEntry[]>;
  get(id: string): Promise<HistoryEntry | undefined>;
  /** Adds new entries in one write, in the order given, before the stored ones (newest first). */
  add(...added: HistoryEntry[]): Promise<void>;
  /** Applies `patch` to the entry with this id; returns the updated entry, if it still exists. */
  patch(id: string, patch: (entry: HistoryEntry) => HistoryEntry): Promise<HistoryEntry | undefined>;
  /** Applies `patch` to every entry in `scope` it returns a replacement for; returns the replaced entries. */
  patchMany(
    scope: HistoryScope,
    patch: (entry: HistoryEntry) => HistoryEntry | undefined,
  ): Promise<HistoryEntry[]>;
  /**
   * Adds the entries whose ids are not stored yet, unless the cap would then push out more than `removeUpTo`
   * stored entries: the person is asked first, and only an import they allowed changes anything.
   */
  importMissing(incoming: readonly HistoryEntry[], removeUpTo: number): Promise<ImportOutcome>;
  remove(id: string): Promise<boolean>;
  /** Clears finished entries; running jobs stay so they can still complete and notify. */
  clearFinished(): Promise<number>;
}
