// @vitest-environment node
import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openHistoryDb } from '../../../utils/history/background/open-history-db';
import type { HistoryDb, HistoryRow } from '../../../utils/history/history-db';
import type { HistoryEntry } from '../../../utils/history/schema';
import { once } from '../../../utils/idb/transaction';
import { localDate } from '../../../utils/local-date';
import { type Charge, entryCharge } from '../../../utils/spend/ledger';
import { budgetReads, compactLedger, daySums, estimate } from '../../../utils/spend/ledger-db';
import { testEntry, testHistoryStore } from '../support/history-db';

afterEach(() => vi.restoreAllMocks());

let databases = 0;
const ACCOUNT = { origin: 'https://service.example', keyId: 'key-1' };
const IMAGE = { kind: 'image', model: 'm' } as const;

const fixture = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '../fixtures/history-db-v2.json'), 'utf8'),
) as { version: 2; rows: HistoryRow[] };

/** A version 2 database as that release made it (its stores and indexes), holding the fixture's rows. */
async function versionTwo(name: string): Promise<void> {
  const request = indexedDB.open(name, 2);
  request.onupgradeneeded = () => {
    const entries = request.result.createObjectStore('entries', { keyPath: 'id' });
    entries.createIndex('date', ['createdAt', 'seq']);
    for (const field of ['status', 'kind', 'favourite', 'owed', 'costPending', 'batchId', 'profile'])
      entries.createIndex(field, field);
    entries.createIndex('collections', 'collections', { multiEntry: true });
    request.result.createObjectStore('meta');
    for (const row of fixture.rows) entries.put(row);
  };
  await new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result.close());
    request.onerror = () => reject(request.error);
  });
}

const allCharges = (db: HistoryDb) => once(db, 'ledger', (ledger) => ledger.getAll());
const allDays = (db: HistoryDb) => once(db, 'spendDays', (days) => days.getAll());

/** A charge of `credits` for an entry made at `at`. */
const charge = (id: string, at: number, credits: number, profile = 'profile-1'): Charge =>
  entryCharge(testEntry(0, { id, createdAt: at }), profile, ACCOUNT, Math.round(credits * 1000));

describe('the ledger begun from a version 2 history (fixture)', () => {
  it('holds every recorded cost unchanged, by profile and local day, and leaves the entries as they were', async () => {
    const name = `ledger-v2-${databases++}`;
    await versionTwo(name);
    const db = await openHistoryDb(name);
    try {
      const charges = await allCharges(db);
      expect(charges.map((each) => [each.id, each.profile, each.milli, each.kind]).sort()).toEqual([
        ['v2-image-a', 'profile-1', 5000, 'image'],
        ['v2-image-b', 'profile-1', 5000, 'image'],
        ['v2-video', 'work', 40_000, 'video'],
      ]);
      const day = localDate(fixture.rows[0]?.createdAt ?? 0);
      expect((await budgetReads(db, { profile: 'profile-1', from: day, to: day })).days).toEqual([
        { profile: 'profile-1', day, images: 10_000, videos: 0, mixed: 0, count: 2 },
      ]);
      // Version 4 began the prices from those charges: the next estimates read them.
      const video = { kind: 'video', model: 'vid-1', options: { duration: 8, resolution: '1080p' } } as const;
      expect(await estimate(db, 'work', video)).toEqual({ credits: 40, basedOn: 1 });
      expect(await estimate(db, 'profile-1', { kind: 'image', model: 'img-1' })).toEqual({
        credits: 5,
        basedOn: 2,
      });
      const rows = await once(db, 'entries', (entries) => entries.getAll());
      expect(rows.map((row) => row.entry).sort((a, b) => a.createdAt - b.createdAt)).toEqual(
        fixture.rows.map((row) => row.entry).sort((a, b) => a.createdAt - b.createdAt),
      );
    } finally {
      db.close();
    }
  });
});

const v3 = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '../fixtures/history-db-v3.json'), 'utf8'),
) as { version: 3; charges: Charge[]; spendDays: unknown[] };

/** A version 3 database as that release made it: the ledger's stores holding the fixture's charges. */
async function versionThree(name: string): Promise<void> {
  const request = indexedDB.open(name, 3);
  request.onupgradeneeded = () => {
    const entries = request.result.createObjectStore('entries', { keyPath: 'id' });
    entries.createIndex('date', ['createdAt', 'seq']);
    for (const field of ['status', 'kind', 'favourite', 'owed', 'costPending', 'batchId', 'profile', 'sent'])
      entries.createIndex(field, field);
    entries.createIndex('collections', 'collections', { multiEntry: true });
    request.result.createObjectStore('meta');
    const ledger = request.result.createObjectStore('ledger', { keyPath: 'id' });
    ledger.createIndex('at', 'at');
    ledger.createIndex('profileAt', ['profile', 'at']);
    const days = request.result.createObjectStore('spendDays', { keyPath: ['profile', 'day'] });
    days.createIndex('day', 'day');
    for (const each of v3.charges) ledger.put(each);
    for (const each of v3.spendDays) days.put(each);
  };
  await new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result.close());
    request.onerror = () => reject(request.error);
  });
}

describe('the prices begun from a version 3 ledger (fixture)', () => {
  it('estimate from the ledger’s single charges of each request, a group’s left out, and the ledger unchanged', async () => {
    const name = `ledger-v3-${databases++}`;
    await versionThree(name);
    const db = await openHistoryDb(name);
    try {
      expect(await estimate(db, 'profile-1', { kind: 'image', model: 'img-1' })).toEqual({
        credits: 5.5,
        basedOn: 3,
      });
      const video = (duration: number) =>
        ({ kind: 'video', model: 'vid-1', options: { duration, resolution: '1080p' } }) as const;
      expect(await estimate(db, 'work', video(8))).toEqual({ credits: 40, basedOn: 1 });
      expect(await estimate(db, 'work', video(4))).toEqual({ credits: 20, basedOn: 1 });
      expect(await estimate(db, 'profile-1', video(8))).toBeUndefined();
      const byId = (a: Charge, b: Charge) => a.id.localeCompare(b.id);
      expect((await allCharges(db)).sort(byId)).toEqual([...v3.charges].sort(byId));
      expect(await allDays(db)).toEqual(v3.spendDays);
    } finally {
      db.close();
    }
  });
});

describe('spending records outlive tidying', () => {
  const now = new Date(2026, 10, 27, 12).getTime();
  const today = localDate(now);

  async function settled(entries: HistoryEntry[]) {
    const history = testHistoryStore(entries);
    await history.store.settle({ ids: entries.map((each) => each.id) }, (stored) => ({
      entries: stored.map((each) => ({ ...each, cost: 7.5 })),
      charges: stored.map((each) => entryCharge(each, 'profile-1', ACCOUNT, 7500)),
    }));
    return history;
  }

  it('writes an entry’s cost and its charge together, and neither when the write fails', async () => {
    const history = testHistoryStore([testEntry(1, { createdAt: now })]);
    vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementation(() => {
      throw new DOMException('refused', 'UnknownError');
    });
    await expect(
      history.store.settle({ ids: ['e1'] }, (stored) => ({
        entries: stored.map((each) => ({ ...each, cost: 7.5 })),
        charges: stored.map((each) => entryCharge(each, 'profile-1', ACCOUNT, 7500)),
      })),
    ).rejects.toThrow('refused');
    expect((await history.store.get('e1'))?.cost).toBeUndefined();
    expect(await allCharges(await history.open())).toEqual([]);
    expect(await estimate(await history.open(), 'profile-1', IMAGE)).toBeUndefined();
  });

  it('keeps today’s spend through removal, clearing, trimming, the drop rule and a charge settled twice', async () => {
    const entries = Array.from({ length: 6 }, (_, i) => testEntry(i, { createdAt: now + i }));
    const { store, open } = await settled(entries);
    const db = await open();
    const spentToday = async () =>
      (await budgetReads(db, { profile: 'profile-1', from: today, to: today })).days.map((sum) => sum.images);
    expect(await spentToday()).toEqual([45_000]);
    await store.remove('e0');
    await store.removeMany(['e1', 'e2']);
    await store.trim(100, 100);
    await store.dropOlderThan(now + 4);
    await store.clearFinished();
    expect(await store.read()).toEqual([]);
    // The same charges again, as a worker stopped after its write and settling anew would offer them.
    await store.settle({ ids: [] }, () => ({
      entries: [],
      charges: entries.map((each) => entryCharge(each, 'profile-1', ACCOUNT, 7500)),
    }));
    expect(await spentToday()).toEqual([45_000]);
    expect(await allCharges(db)).toHaveLength(6);
    expect(await estimate(db, 'profile-1', IMAGE)).toEqual({ credits: 7.5, basedOn: 6 });
  });
});

describe('compaction', () => {
  it('drops single charges older than 13 months and keeps their days’ sums, so totals do not move', async () => {
    const now = new Date(2026, 10, 27, 12).getTime();
    const old = new Date(2025, 8, 30, 12).getTime();
    const kept = new Date(2025, 9, 1, 0, 30).getTime();
    const { store, open } = testHistoryStore();
    await store.settle({ ids: [] }, () => ({
      entries: [],
      charges: [charge('old', old, 2.5), charge('kept', kept, 1.25), charge('now', now, 7.5)],
    }));
    const db = await open();
    const before = await allDays(db);
    expect(await compactLedger(db, now)).toBe(1);
    expect((await allCharges(db)).map((each) => each.id).sort()).toEqual(['kept', 'now']);
    expect(await allDays(db)).toEqual(before);
    expect(await daySums(db, { from: '2025-09-30', to: '2025-09-30' })).toMatchObject([{ images: 2500 }]);
    expect(await compactLedger(db, now)).toBe(0);
  });
});
