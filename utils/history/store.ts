import type { Charge } from '../spend/ledger';
import type { HistoryEntry } from './schema';

/** What settling costs writes: the entries it replaced, and the charges it adds to the spend ledger. */
export interface Settlement {
  entries: HistoryEntry[];
  charges: Charge[];
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
  /** Starred by the person. */
  | { favourite: true }
  /** Created at or after this time. */
  | { since: number }
  /** Sent at or after this time (a batch resumed later is sent after its creation). */
  | { sentSince: number }
  /** Ended entries holding the balance from before them, waiting for the reading after. */
  | { costPending: true };

/** What an import would do, or did: entries it adds and stored entries the cap pushes out to make room. */
export interface ImportOutcome {
  /** False when it would push out more entries than allowed: nothing was changed. */
  applied: boolean;
  adding: number;
  removing: number;
  /** Entries of the file whose ids the history already has. */
  skipped: number;
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
   * Hands `decide` the entries in `scope` as stored now and writes what it returns, the replaced entries and
   * the charges (spend ledger), in one transaction: a cost is on its entry and in the ledger, or in neither.
   */
  settle(scope: HistoryScope, decide: (entries: HistoryEntry[]) => Settlement): Promise<HistoryEntry[]>;
  /**
   * Adds the entries whose ids are not stored yet, unless keeping to `limit` would then push out more than
   * `removeUpTo` stored entries: the person is asked first, and only an import they allowed changes anything.
   */
  importMissing(
    incoming: readonly HistoryEntry[],
    allowed: { limit: number; removeUpTo: number },
  ): Promise<ImportOutcome>;
  remove(id: string): Promise<boolean>;
  /** Removes these entries in one change; returns the ids that were there, whose copies are the caller's to free. */
  removeMany(ids: readonly string[]): Promise<string[]>;
  /**
   * Removes the finished, non-favourite entries past `limit`, oldest first (`pastCap` in history-db.ts, which
   * pages count with too), only if they are at most `removeUpTo` (what the person agreed to), else nothing.
   * Returns the removed ids; their copies go through `onDropped`.
   */
  trim(limit: number, removeUpTo: number): Promise<string[]>;
  /** The drop rule: finished, non-favourite entries created before `cutoff` go (copies through `onDropped`). */
  dropOlderThan(cutoff: number): Promise<string[]>;
  /** Clears finished entries; running jobs stay so they can still complete and notify. */
  clearFinished(): Promise<number>;
}
