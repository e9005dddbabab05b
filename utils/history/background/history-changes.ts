import { historyChangesItem } from '../../storage/items';
import type { HistoryChange } from './idb-store';

/**
 * Tells watching pages what one committed change touched. Called inside the store's queue, so signals go out
 * in the order the changes were made and each `seq` is one more than the last.
 */
export async function signalHistoryChange(change: HistoryChange): Promise<void> {
  const { seq } = await historyChangesItem.getValue();
  await historyChangesItem.setValue({ seq: seq + 1, ...change });
}
