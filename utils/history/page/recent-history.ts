import { advance } from '../../idb/cursor';
import { request } from '../../idb/request';
import { historyChangesItem } from '../../storage/items';
import type { ReadableItem } from '../../ui/use-stored';
import { type HistoryRow, newestFirst } from '../history-row';
import type { HistoryEntry } from '../schema';
import { existingHistoryDb } from './history-source';

/*
 * The popup's and the side panel's history: their one query needs none of the background's history code,
 * and the popup's bundle has no room for it.
 */

/** How much of the history a page shows besides every running entry, newest first. */
export interface RecentWindow {
  /** The newest entries that are not running. */
  finished: number;
  /** The newest completed entries (the side panel's gallery), however many failed ones lie between. */
  completed: number;
}

/**
 * Every running entry, the newest the window asks for, and the rows of `ids` (an id with no row is left
 * out), in one read transaction. The date index is walked from the newest end only until the window is full,
 * so a read costs what the page shows, not the history's size. The connection is closed after each read, so
 * it never holds up the worker's upgrade of a later build.
 */
async function readRecent(window: RecentWindow, ids: readonly string[]): Promise<HistoryRow[]> {
  const db = await existingHistoryDb();
  if (!db) return [];
  try {
    const store = db.transaction('entries').objectStore('entries');
    const newest = async () => {
      const rows: HistoryRow[] = [];
      let completed = 0;
      for (
        let cursor = await request(store.index('date').openCursor(null, 'prev'));
        cursor && (rows.length < window.finished || completed < window.completed);
        cursor = await advance(cursor)
      ) {
        const row = cursor.value;
        if (row.status !== 'running') {
          rows.push(row);
          if (row.status === 'completed') completed++;
        }
      }
      return rows;
    };
    const rows = await Promise.all([
      request(store.index('status').getAll('running')),
      newest(),
      ...ids.map((id) => request(store.get(id)).then((row) => (row ? [row] : []))),
    ]);
    return rows.flat();
  } finally {
    db.close();
  }
}

/**
 * The history a page with the prompt form shows, as an item `useStoredValue` reads like any stored one:
 * every running entry, the newest the window asks for, and each entry that changed while the page is open
 * (so one seen running finishes in place), newest first. Kept current by the background's change signal
 * (watched here directly: `history-source` would load the history database code), re-reading the entries
 * it names.
 */
export function recentHistory(window: RecentWindow): ReadableItem<HistoryEntry[]> {
  const rows = new Map<string, HistoryRow>();
  let queue: Promise<unknown> = Promise.resolve();
  // Each read takes the window again, at the size of what the page shows, so a removed entry's place is
  // filled; without ids ("cleared") it re-reads all the page holds. Reads run one after the other, so none
  // lands out of order.
  const read = (named?: readonly string[]) => {
    const entries = queue.then(async () => {
      const ids = named ?? [...rows.keys()];
      const found = await readRecent(window, ids);
      for (const id of ids) rows.delete(id);
      for (const row of found) rows.set(row.id, row);
      return [...rows.values()].sort(newestFirst).map((row) => row.entry);
    });
    queue = entries.catch(() => undefined);
    return entries;
  };
  return {
    getValue: () => read([]),
    // A failed re-read leaves the page as it was; the next change reads the window again.
    watch: (onChange) =>
      historyChangesItem.watch((change) => {
        read(change.cleared ? undefined : change.ids).then(onChange, () => undefined);
      }),
  };
}
