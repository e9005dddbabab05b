// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { openHistoryDb } from '../../../utils/history/background/open-history-db';
import { HISTORY_DB_NAME, type HistoryDb, rowOf } from '../../../utils/history/history-db';
import { recentHistory } from '../../../utils/history/page/recent-history';
import type { HistoryEntry } from '../../../utils/history/schema';
import { historyChangesItem } from '../../../utils/storage/items';
import { deleteHistoryDb, writeEntries } from '../support/history-db';

let db: HistoryDb | undefined;

function entry(id: string, createdAt: number, status: HistoryEntry['status'] = 'completed'): HistoryEntry {
  return { id, kind: 'image', prompt: id, model: 'm', source: 'popup', status, urls: [], createdAt };
}

/** Stores entries as the background would (each later one with a higher tie-breaker). */
async function put(...entries: HistoryEntry[]): Promise<void> {
  db ??= await openHistoryDb();
  await writeEntries(db, (store) => {
    for (const [i, item] of entries.entries()) store.put(rowOf(item, i));
  });
}

async function remove(id: string): Promise<void> {
  if (db) await writeEntries(db, (store) => store.delete(id));
}

/** What the background writes after a committed change. */
async function signal(ids: string[], cleared?: true): Promise<void> {
  const { seq } = await historyChangesItem.getValue();
  await historyChangesItem.setValue({ seq: seq + 1, ids, ...(cleared ? { cleared } : {}) });
}

const ids = (entries: readonly HistoryEntry[]) => entries.map((item) => item.id);

beforeEach(() => fakeBrowser.reset());
afterEach(async () => {
  db?.close();
  db = undefined;
  await deleteHistoryDb();
});

/** The item's value after each change it is told of. */
function follow(item: ReturnType<typeof recentHistory>): { seen: HistoryEntry[][]; stop: () => void } {
  const seen: HistoryEntry[][] = [];
  return { seen, stop: item.watch((value) => seen.push(value)) };
}

describe('the popup and side panel read only what they show', () => {
  it('reads every running entry and the newest finished ones, newest first', async () => {
    const old = Array.from({ length: 30 }, (_, i) => entry(`old${i}`, 1000 - i));
    await put(entry('stuck', 10, 'running'), ...old, entry('new', 2000, 'failed'));
    const shown = await recentHistory({ finished: 3, completed: 0 }).getValue();
    expect(ids(shown)).toEqual(['new', 'old0', 'old1', 'stuck']);
  });

  it('reads on to the newest completed ones the gallery asks for, past failed ones', async () => {
    const failed = Array.from({ length: 20 }, (_, i) => entry(`failed${i}`, 1000 - i, 'failed'));
    await put(...failed, entry('done1', 500), entry('done2', 400), entry('done3', 300));
    const shown = await recentHistory({ finished: 2, completed: 2 }).getValue();
    expect(shown.filter((item) => item.status === 'completed').map((item) => item.id)).toEqual([
      'done1',
      'done2',
    ]);
  });

  it('neither creates the database nor fails before the worker made it', async () => {
    expect(await recentHistory({ finished: 5, completed: 0 }).getValue()).toEqual([]);
    expect((await indexedDB.databases()).map((known) => known.name)).not.toContain(HISTORY_DB_NAME);
  });

  it('follows the entries a change names: a new one, one that finished, one removed', async () => {
    await put(entry('a', 100), entry('b', 200), entry('c', 300, 'running'));
    const item = recentHistory({ finished: 1, completed: 0 });
    expect(ids(await item.getValue())).toEqual(['c', 'b']);
    const { seen, stop } = follow(item);

    await put(entry('c', 300), entry('d', 400, 'running'));
    await signal(['c', 'd']);
    // The finished entry stays although the window holds one finished entry: it was seen running.
    await expect
      .poll(() => seen.at(-1)?.map((e) => `${e.id}:${e.status}`))
      .toEqual(['d:running', 'c:completed', 'b:completed']);

    await remove('b');
    await signal(['b']);
    await expect.poll(() => seen.at(-1)?.map((e) => e.id)).toEqual(['d', 'c']);
    stop();
  });

  it('reads its screenful again on "cleared", dropping what went', async () => {
    await put(entry('a', 100), entry('b', 200));
    const item = recentHistory({ finished: 5, completed: 0 });
    expect(ids(await item.getValue())).toEqual(['b', 'a']);
    const { seen, stop } = follow(item);
    await remove('a');
    await remove('b');
    await put(entry('imported', 50));
    await signal([], true);
    await expect.poll(() => seen.at(-1)?.map((e) => e.id)).toEqual(['imported']);
    stop();
  });
});
