/**
 * The history where the extension keeps it (IndexedDB, issue #24), read and written from inside the browser:
 * each function here is passed to Playwright's `evaluate` (a worker's or an extension page's, Chromium's or
 * Firefox's), which serialises its source. So each is self-contained: no imports at run time, no named
 * helpers (a bundler keeping names, as tsx does, would wrap them in a call of its own that the browser
 * lacks), and the database's name and record shape written out again, checked against
 * utils/history/history-db.ts by tests/unit/history-probe.test.ts.
 */
import type { HistoryEntry } from '../../utils/history/schema';

/**
 * Every entry, newest first. While the storage.local array of earlier builds is still there (a worker has
 * not migrated it yet), its entries count too, an entry in the database winning over the array's of the
 * same id, so a probe is right just before and after a migration. Never creates the database: opened
 * without a version where none exists, it would be made empty, without the stores the extension's own
 * upgrade makes, and that upgrade would then never run.
 */
export async function readAllHistory(): Promise<HistoryEntry[]> {
  type Keyed = { entry: HistoryEntry; createdAt: number; seq: number };
  const api = (globalThis as { browser?: typeof chrome }).browser ?? chrome;
  const legacy: unknown = (await api.storage.local.get('history')).history;
  // Whatever shape the array was left in (migration repairs any): its objects with an id, in its order.
  const items: unknown[] = Array.isArray(legacy)
    ? legacy
    : typeof legacy === 'object' && legacy !== null
      ? Object.values(legacy)
      : [];
  const legacyEntries = items.filter(
    (item): item is HistoryEntry =>
      typeof item === 'object' && item !== null && typeof (item as { id?: unknown }).id === 'string',
  );

  const name = 'promptcast-history';
  const rows: Keyed[] = [];
  const known = (await indexedDB.databases?.()) ?? [{ name }];
  if (known.some((database) => database.name === name)) {
    const db = await new Promise<IDBDatabase | undefined>((resolve, reject) => {
      const request = indexedDB.open(name);
      // Gone since it was listed: aborting the upgrade removes the empty database the open would make.
      request.onupgradeneeded = () => request.transaction?.abort();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () =>
        request.error?.name === 'AbortError' ? resolve(undefined) : reject(request.error);
    });
    if (db?.objectStoreNames.contains('entries')) {
      const request = db.transaction('entries').objectStore('entries').index('date').getAll();
      rows.push(
        ...(await new Promise<Keyed[]>((resolve, reject) => {
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        })),
      );
    }
    db?.close();
  }

  // The array's entries rank as migration ranks them: below every stored one of the same millisecond.
  const stored = new Set(rows.map((row) => row.entry.id));
  legacyEntries.forEach((entry, i) => {
    if (!stored.has(entry.id)) rows.push({ entry, createdAt: entry.createdAt, seq: -(i + 1) });
  });
  return rows.sort((a, b) => b.createdAt - a.createdAt || b.seq - a.seq).map((row) => row.entry);
}

/**
 * Replaces the whole history with `entries` (newest first) the way the background stores it: one record per
 * entry, with negative tie-breakers in the given order so every entry added later sorts above them, in
 * chunks of a thousand per transaction; then the storage.local array is removed (it would be migrated in on
 * top) and the change signal tells open pages to read their screenful again. Waits up to 10 s for the
 * worker to have made the database.
 */
export async function writeAllHistory(entries: readonly HistoryEntry[]): Promise<void> {
  const name = 'promptcast-history';
  const api = (globalThis as { browser?: typeof chrome }).browser ?? chrome;
  let db: IDBDatabase | undefined;
  for (const deadline = Date.now() + 10_000; !db; ) {
    db = await new Promise<IDBDatabase | undefined>((resolve, reject) => {
      const request = indexedDB.open(name);
      // Not made yet: leave making it to the worker, whose upgrade creates the stores and indexes.
      request.onupgradeneeded = () => request.transaction?.abort();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () =>
        request.error?.name === 'AbortError' ? resolve(undefined) : reject(request.error);
    });
    if (!db && Date.now() > deadline) throw new Error(`the worker never made the ${name} database`);
    if (!db) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // The first transaction also empties the store, so an empty list still runs one.
  const CHUNK = 1000;
  try {
    for (let start = 0; start === 0 || start < entries.length; start += CHUNK) {
      const transaction = db.transaction('entries', 'readwrite');
      const store = transaction.objectStore('entries');
      if (start === 0) store.clear();
      entries.slice(start, start + CHUNK).forEach((entry, i) => {
        // As utils/history/history-db.ts `rowOf` builds it.
        const ended = entry.status !== 'running';
        store.put({
          id: entry.id,
          entry,
          createdAt: entry.createdAt,
          seq: -(start + i + 1),
          sent: entry.sentAt ?? entry.createdAt,
          status: entry.status,
          kind: entry.kind,
          owed: ended && entry.notifyPending === true ? 1 : 0,
          costPending: ended && entry.balanceBefore !== undefined ? 1 : 0,
          favourite: entry.favourite ? 1 : 0,
          collections: entry.collections ?? [],
          // FIRST_PROFILE_ID, spelled out: this function runs in the page, without imports.
          profile: entry.profileId ?? 'profile-1',
          ...(entry.batchId === undefined ? {} : { batchId: entry.batchId }),
        });
      });
      await new Promise<void>((resolve, reject) => {
        transaction.oncomplete = () => resolve();
        transaction.onabort = () => reject(transaction.error ?? new Error('history write aborted'));
      });
    }
  } finally {
    db.close();
  }
  await api.storage.local.remove('history');
  const { historyChanges } = await api.storage.local.get('historyChanges');
  const seq = (historyChanges as { seq?: number } | undefined)?.seq ?? 0;
  await api.storage.local.set({ historyChanges: { seq: seq + 1, ids: [], cleared: true } });
}

/** A charge as a test seeds the spend ledger with: credits in thousandths, made at `at`. */
export interface SeedCharge {
  id: string;
  profile: string;
  at: number;
  milli: number;
  kind: 'image' | 'video' | 'mixed';
}

/**
 * Adds charges to the spend ledger and their days' sums, as the worker's settling does (utils/spend/ledger.ts,
 * spelled out: this function runs in the page, without imports), then signals a change so open pages re-read.
 */
export async function writeCharges(charges: readonly SeedCharge[]): Promise<void> {
  const api = (globalThis as { browser?: typeof chrome }).browser ?? chrome;
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open('promptcast-history');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  try {
    const transaction = db.transaction(['ledger', 'spendDays'], 'readwrite');
    const ledger = transaction.objectStore('ledger');
    const days = transaction.objectStore('spendDays');
    const sums = new Map<string, Record<string, number | string>>();
    for (const charge of charges) {
      // No helper functions: a bundler may wrap a named one in a helper the page does not have (tsx's __name).
      const date = new Date(charge.at);
      const month = String(date.getMonth() + 1).padStart(2, '0');
      const day = `${date.getFullYear()}-${month}-${String(date.getDate()).padStart(2, '0')}`;
      ledger.put({ ...charge, origin: '', keyId: '', day, entries: [charge.id] });
      const key = `${charge.profile}\n${day}`;
      const sum = sums.get(key) ?? { profile: charge.profile, day, images: 0, videos: 0, mixed: 0, count: 0 };
      const field = charge.kind === 'image' ? 'images' : charge.kind === 'video' ? 'videos' : 'mixed';
      sum[field] = Number(sum[field]) + charge.milli;
      sum.count = Number(sum.count) + 1;
      sums.set(key, sum);
    }
    for (const sum of sums.values()) days.put(sum);
    await new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onabort = () => reject(transaction.error ?? new Error('ledger write aborted'));
    });
  } finally {
    db.close();
  }
  const { historyChanges } = await api.storage.local.get('historyChanges');
  const seq = (historyChanges as { seq?: number } | undefined)?.seq ?? 0;
  await api.storage.local.set({ historyChanges: { seq: seq + 1, ids: [], cleared: true } });
}
