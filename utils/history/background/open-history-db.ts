import { advance } from '../../idb/cursor';
import { openDb } from '../../idb/open';
import { request } from '../../idb/request';
import { profileOf } from '../../profiles/first-profile';
import { toMilli } from '../../spend/credits';
import { addToDay, type DaySum, entryCharge } from '../../spend/ledger';
import { type PriceRecord, priceRecordKey, withPrice } from '../../spend/prices';
import type { HistoryDb, HistorySchema } from '../history-db';
import { HISTORY_DB_NAME, HISTORY_DB_VERSION } from '../history-row';

/**
 * The history database's one opener that creates and upgrades it: the worker's. Pages open it through
 * `page/history-source.ts`, which never does.
 */
export async function openHistoryDb(name = HISTORY_DB_NAME): Promise<HistoryDb> {
  const db = await openDb<HistorySchema>(name, HISTORY_DB_VERSION, async (db, oldVersion, transaction) => {
    if (oldVersion < 1) {
      const entries = db.createObjectStore('entries', { keyPath: 'id' });
      entries.createIndex('date', ['createdAt', 'seq']);
      entries.createIndex('status', 'status');
      entries.createIndex('kind', 'kind');
      entries.createIndex('favourite', 'favourite');
      entries.createIndex('owed', 'owed');
      entries.createIndex('costPending', 'costPending');
      entries.createIndex('batchId', 'batchId');
      entries.createIndex('collections', 'collections', { multiEntry: true });
      db.createObjectStore('meta');
    }
    if (oldVersion < 2) {
      // Profiles: every stored row is given its profile in this same upgrade, so the index misses none.
      const entries = transaction.objectStore('entries');
      entries.createIndex('profile', 'profile');
      for (let cursor = await request(entries.openCursor()); cursor; cursor = await advance(cursor)) {
        if (cursor.value.profile === undefined)
          await request(cursor.update({ ...cursor.value, profile: profileOf(cursor.value.entry) }));
      }
    }
    if (oldVersion < 3) {
      // The spend ledger, begun with the costs the history holds, so an upgrade gives no budget back.
      const ledger = db.createObjectStore('ledger', { keyPath: 'id' });
      ledger.createIndex('at', 'at');
      ledger.createIndex('profileAt', ['profile', 'at']);
      const days = db.createObjectStore('spendDays', { keyPath: ['profile', 'day'] });
      days.createIndex('day', 'day');
      const sums = new Map<string, DaySum>();
      const entries = transaction.objectStore('entries');
      entries.createIndex('sent', 'sent');
      for (let cursor = await request(entries.openCursor()); cursor; cursor = await advance(cursor)) {
        const { entry, profile } = cursor.value;
        await request(cursor.update({ ...cursor.value, sent: entry.sentAt ?? entry.createdAt }));
        if (!entry.cost) continue;
        const charge = entryCharge(entry, profile, { origin: '', keyId: '' }, toMilli(entry.cost));
        await request(ledger.put(charge));
        const key = JSON.stringify([profile, charge.day]);
        sums.set(key, addToDay(sums.get(key), charge));
      }
      for (const sum of sums.values()) await request(days.put(sum));
    }
    if (oldVersion < 4) {
      // Estimates read one record of prices instead of walking the newest charges; begun from the ledger's.
      const prices = db.createObjectStore('prices', { keyPath: ['profile', 'request'] });
      const records = new Map<string, PriceRecord>();
      const ledger = transaction.objectStore('ledger');
      for (let cursor = await request(ledger.openCursor()); cursor; cursor = await advance(cursor)) {
        const key = priceRecordKey(cursor.value);
        if (!key) continue;
        const id = JSON.stringify(key);
        records.set(id, withPrice(records.get(id), key, cursor.value));
      }
      for (const record of records.values()) await request(prices.put(record));
    }
  });
  // A newer build's upgrade (or a deletion) is not held up by this connection: an update restarts the
  // worker and reloads pages anyway.
  db.onversionchange = () => db.close();
  return db;
}
