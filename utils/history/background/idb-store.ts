import { isQuotaError, storageFullError } from '../../error-info';
import { advance } from '../../idb/cursor';
import { request } from '../../idb/request';
import { done } from '../../idb/transaction';
import { createSerial } from '../../serial';
import type { Charge } from '../../spend/ledger';
import { appendCharges } from '../../spend/ledger-db';
import {
  type EntriesStore,
  entriesOf,
  type HistoryDb,
  type HistoryRow,
  newestFirst,
  oldestRemovable,
  pastCap,
  removable,
  rowOf,
} from '../history-db';
import type { HistoryEntry } from '../schema';
import type { HistoryScope, HistoryStore, ImportOutcome, Settlement } from '../store';

/** What one committed change touched, for the signal pages watch: they re-read only these ids. */
export interface HistoryChange {
  ids: string[];
  /** Many entries went at once (clearing, a trim, the drop rule): pages read their screenful again. */
  cleared?: boolean;
}

export interface IdbHistoryOptions {
  /**
   * Entries that left without the person naming them (a full storage, the cap they agreed to trim, their
   * drop rule), to free their copies. Those a change removed by id are its caller's to free.
   */
  onDropped?: (ids: readonly string[]) => void;
  /** The drop rule's time: `add` also drops finished, non-favourite entries created before it. */
  dropBefore?: () => Promise<number | undefined>;
  /** After each committed change; the background turns it into the watched change signal. */
  onCommitted?: (change: HistoryChange) => void | Promise<void>;
}

interface Written<T> {
  result: T;
  /** Entries this change put or deleted itself. */
  ids: string[];
  /** Entries that went without being named (see `onDropped`). */
  dropped?: string[];
  cleared?: boolean;
}

/**
 * Issues one request per item in the same transaction and waits for all. A request that throws as it is made
 * becomes a rejection like the others, so none of the requests already made is left unheard when the
 * transaction is then aborted.
 */
export function eachRequest<T, R>(items: readonly T[], make: (item: T, index: number) => IDBRequest<R>) {
  return Promise.all(items.map(async (item, index) => request(make(item, index))));
}

/** More ids than a page shows at once: the signal says "read again" instead of naming them all. */
const SIGNALLED_IDS = 200;

const idsOf = (rows: readonly HistoryRow[]): string[] => rows.map((row) => row.id);

/** Removes `ids` in the change's transaction. */
async function deleteAll(entries: EntriesStore, ids: readonly string[]): Promise<void> {
  await eachRequest(ids, (id) => entries.delete(id));
}

async function rowsIn(store: EntriesStore, scope: HistoryScope): Promise<HistoryRow[]> {
  let rows: (HistoryRow | undefined)[];
  if ('ids' in scope) rows = await eachRequest([...new Set(scope.ids)], (id) => store.get(id));
  else if ('status' in scope) rows = await request(store.index('status').getAll(scope.status));
  else if ('owed' in scope) rows = await request(store.index('owed').getAll(1));
  else if ('batchId' in scope) rows = await request(store.index('batchId').getAll(scope.batchId));
  else if ('favourite' in scope) rows = await request(store.index('favourite').getAll(1));
  else if ('sentSince' in scope)
    rows = await request(store.index('sent').getAll(IDBKeyRange.lowerBound(scope.sentSince)));
  else if ('since' in scope)
    rows = await request(
      store.index('date').getAll(IDBKeyRange.lowerBound([scope.since, Number.NEGATIVE_INFINITY])),
    );
  else rows = await request(store.index('costPending').getAll(1));
  return rows.filter((row): row is HistoryRow => row !== undefined).sort(newestFirst);
}

/**
 * The history as one IndexedDB record per entry. Every query and change goes through an index or the
 * entries' ids, so a poll, a finished result or a removal reads and writes the same few records whether the
 * history holds 200 entries or 50,000. Changes are serialised (a poll and a finished image never write stale copies), and each is one
 * transaction: a worker stopped mid-change leaves the history as it was before it.
 */
export function createIdbHistoryStore(
  open: () => Promise<HistoryDb>,
  options: IdbHistoryOptions,
): HistoryStore {
  const { onDropped = () => undefined, onCommitted = () => undefined, dropBefore } = options;
  const serially = createSerial();

  async function nextSeqs(count: number, meta: ReturnType<typeof writeTx>['meta']): Promise<number> {
    const seq = (await request(meta.get('seq'))) ?? 0;
    await request(meta.put(seq + count, 'seq'));
    return seq;
  }

  /**
   * A change's transaction: over the ledger's stores too only when it may add charges, as a transaction that
   * writes a store holds up every read of it; the budget check before each generation reads the ledger's.
   */
  function writeTx(db: HistoryDb, charging = false) {
    const tx = db.transaction(
      charging ? ['entries', 'meta', 'ledger', 'spendDays', 'prices'] : ['entries', 'meta'],
      'readwrite',
    );
    return {
      tx,
      entries: tx.objectStore('entries'),
      meta: tx.objectStore('meta'),
      ledger: () => ({
        ledger: tx.objectStore('ledger'),
        spendDays: tx.objectStore('spendDays'),
        prices: tx.objectStore('prices'),
      }),
    };
  }

  /**
   * Runs `change` in one transaction; when the browser refuses it for quota, drops the older half of the
   * finished entries that are not favourites (never those in `keep`) and runs it again, so a full storage costs old results rather
   * than the outcome being written now. Only when nothing finished is left to drop does it give up.
   */
  async function commit<T>(
    change: (stores: ReturnType<typeof writeTx>) => Promise<Written<T>>,
    keep: ReadonlySet<string> = new Set(),
    charging = false,
  ): Promise<T> {
    const db = await open();
    const pruned: string[] = [];
    for (;;) {
      const stores = writeTx(db, charging);
      // Heard here as well as below, so a transaction given up on never leaves an unheard rejection.
      const committed = done(stores.tx);
      committed.catch(() => undefined);
      let written: Written<T>;
      try {
        written = await change(stores);
        await committed;
      } catch (error) {
        // Requests that succeeded before the failure would otherwise commit: a change lands whole or not at all.
        try {
          stores.tx.abort();
        } catch {
          // Already ended (aborted by the failed request itself).
        }
        if (!isQuotaError(error)) throw error;
        // Even deleting may be refused on a storage that full: then there is nothing it can do.
        const more = await pruneHalf(db, keep).catch((pruneError: unknown) => {
          if (isQuotaError(pruneError)) return [];
          throw pruneError;
        });
        if (more.length === 0) throw storageFullError(error);
        pruned.push(...more);
        continue;
      }
      const dropped = [...pruned, ...(written.dropped ?? [])];
      if (dropped.length > 0) onDropped(dropped);
      const touched = [...written.ids, ...dropped];
      // A page told of a sweeping change reads its screenful again rather than a list of every id.
      const cleared = written.cleared === true || touched.length > SIGNALLED_IDS;
      const ids = cleared ? [] : touched;
      if (ids.length > 0 || cleared) {
        // The change is stored whatever happens to its signal; a page that missed one reads on its next.
        await Promise.resolve(onCommitted({ ids, ...(cleared ? { cleared: true } : {}) })).catch(
          (error: unknown) => console.warn('History change not signalled:', error),
        );
      }
      return written.result;
    }
  }

  async function pruneHalf(db: HistoryDb, keep: ReadonlySet<string>): Promise<string[]> {
    const { tx, entries } = writeTx(db);
    const committed = done(tx);
    // A running favourite is subtracted twice: the half comes out a little smaller, never zero.
    const removableCount =
      (await request(entries.count())) -
      (await request(entries.index('status').count('running'))) -
      (await request(entries.index('favourite').count(1)));
    const ids = idsOf(await oldestRemovable(entries, Math.max(1, Math.ceil(removableCount / 2)), { keep }));
    await deleteAll(entries, ids);
    await committed;
    return ids;
  }

  /** Drops by the rule: stops at the first entry newer than `before`, so an add that drops nothing reads nothing. */
  async function dropByRule(
    entries: EntriesStore,
    before: number | undefined,
    keep: ReadonlySet<string> = new Set(),
  ): Promise<string[]> {
    if (before === undefined) return [];
    const ids = idsOf(await oldestRemovable(entries, Number.POSITIVE_INFINITY, { before, keep }));
    await deleteAll(entries, ids);
    return ids;
  }

  const find = (scope: HistoryScope): Promise<HistoryEntry[]> =>
    serially(async () => (await rowsIn(entriesOf(await open()), scope)).map((row) => row.entry));

  /** Writes what `decide` makes of the entries in `scope`; `charging` when it may add charges. */
  const replace = (
    scope: HistoryScope,
    decide: (entries: HistoryEntry[]) => Settlement,
    charging: boolean,
  ): Promise<HistoryEntry[]> =>
    serially(() =>
      commit(
        async (stores) => {
          const rows = await rowsIn(stores.entries, scope);
          const { entries: replacements, charges } = decide(rows.map((row) => row.entry));
          const seqs = new Map(rows.map((row) => [row.id, row.seq]));
          const changed: HistoryRow[] = [];
          for (const entry of replacements) {
            const seq = seqs.get(entry.id);
            if (seq !== undefined) changed.push(rowOf(entry, seq));
          }
          await eachRequest(changed, (row) => stores.entries.put(row));
          if (charges.length > 0) await appendCharges(stores.ledger(), charges);
          return { result: changed.map((row) => row.entry), ids: changed.map((row) => row.id) };
        },
        new Set(),
        charging,
      ),
    );

  const settle = (scope: HistoryScope, decide: (entries: HistoryEntry[]) => Settlement) =>
    replace(scope, decide, true);

  const patchMany = (
    scope: HistoryScope,
    patch: (entry: HistoryEntry) => HistoryEntry | undefined,
  ): Promise<HistoryEntry[]> =>
    replace(
      scope,
      (entries) => ({ entries: entries.flatMap((entry) => patch(entry) ?? []), charges: [] as Charge[] }),
      false,
    );

  const removeMany = (ids: readonly string[]): Promise<string[]> =>
    serially(() =>
      commit(async ({ entries }) => {
        const unique = [...new Set(ids)];
        const present = await eachRequest(unique, (id) => entries.getKey(id));
        const removed = unique.filter((_, i) => present[i] !== undefined);
        await deleteAll(entries, removed);
        return { result: removed, ids: removed };
      }),
    );

  return {
    read: () =>
      serially(async () => {
        const rows = await request(
          entriesOf(await open())
            .index('date')
            .getAll(),
        );
        return rows.reverse().map((row) => row.entry);
      }),
    find,
    get: async (id) => (await find({ ids: [id] }))[0],
    add: (...added) =>
      serially(async () => {
        const before = await dropBefore?.();
        const ids = new Set(added.map((entry) => entry.id));
        return commit(async ({ entries, meta }) => {
          const seq = await nextSeqs(added.length, meta);
          // The first given is the newest: it gets the highest tie-breaker.
          await eachRequest(added, (entry, i) => entries.put(rowOf(entry, seq + added.length - 1 - i)));
          return { result: undefined, ids: [...ids], dropped: await dropByRule(entries, before, ids) };
        }, ids);
      }),
    patch: async (id, patch) => (await patchMany({ ids: [id] }, patch))[0],
    patchMany,
    settle,
    importMissing: (incoming, { limit, removeUpTo }) =>
      serially(() =>
        commit<ImportOutcome>(async ({ entries, meta }) => {
          const seen = new Set<string>();
          const fresh: HistoryEntry[] = [];
          for (const entry of incoming) {
            if (seen.has(entry.id)) continue;
            seen.add(entry.id);
            if ((await request(entries.getKey(entry.id))) === undefined) fresh.push(entry);
          }
          const excess = (await request(entries.count())) + fresh.length - limit;
          // The cap takes the oldest removable of stored and incoming together; on equal times the incoming
          // entry counts as the older.
          const oldestIncoming = [...fresh].sort((a, b) => a.createdAt - b.createdAt);
          const droppedStored: string[] = [];
          const droppedIncoming = new Set<string>();
          if (excess > 0) {
            let next = 0;
            let cursor = await request(entries.index('date').openCursor());
            while (droppedStored.length + droppedIncoming.size < excess) {
              const candidate = oldestIncoming[next];
              const row = cursor?.value;
              if (candidate && (!row || candidate.createdAt <= row.createdAt)) {
                next++;
                if (candidate.status !== 'running' && !candidate.favourite) droppedIncoming.add(candidate.id);
              } else if (cursor && row) {
                cursor = await advance(cursor);
                if (removable(row)) droppedStored.push(row.id);
              } else break;
            }
          }
          const kept = fresh.filter((entry) => !droppedIncoming.has(entry.id));
          const outcome = {
            adding: kept.length,
            removing: droppedStored.length,
            skipped: incoming.length - fresh.length,
          };
          if (outcome.removing > removeUpTo) return { result: { ...outcome, applied: false }, ids: [] };
          const seq = await nextSeqs(kept.length, meta);
          await eachRequest(kept, (entry, i) => entries.put(rowOf(entry, seq + kept.length - 1 - i)));
          await deleteAll(entries, droppedStored);
          return {
            result: { ...outcome, applied: true },
            ids: kept.map((entry) => entry.id),
            dropped: droppedStored,
          };
        }),
      ),
    remove: async (id) => (await removeMany([id])).length > 0,
    removeMany,
    trim: (limit, removeUpTo) =>
      serially(() =>
        commit(async ({ entries }) => {
          const ids = idsOf(await pastCap(entries, limit));
          if (ids.length > removeUpTo) return { result: [], ids: [] };
          await deleteAll(entries, ids);
          return { result: ids, ids: [], dropped: ids, cleared: ids.length > 0 };
        }),
      ),
    dropOlderThan: (cutoff) =>
      serially(() =>
        commit(async ({ entries }) => {
          const ids = await dropByRule(entries, cutoff);
          return { result: ids, ids: [], dropped: ids, cleared: ids.length > 0 };
        }),
      ),
    clearFinished: () =>
      serially(() =>
        commit(async ({ entries }) => {
          const ids: string[] = [];
          for (const status of ['completed', 'failed'] as const) {
            ids.push(...(await request(entries.index('status').getAllKeys(status))));
          }
          await eachRequest(ids, (id) => entries.delete(id));
          return { result: ids.length, ids: [], cleared: ids.length > 0 };
        }),
      ),
  };
}
