import type { Announcer } from '@/utils/notifications/background';
import type { HistoryEntry } from '../../history/schema';
import type { HistoryStore } from '../../history/store';
import { told } from '../../jobs/owed';
import { createSerial } from '../../serial';

/**
 * Tells each batch once, when every entry of it has ended. Each batch entry is stored owed in the write
 * that ends it, so the last one's write leaves the summary owed; whichever announcement then finds the
 * whole batch ended tells it and clears the batch's marks in turn, so overlapping or repeated
 * announcements (a worker stopped before it cleared them) never tell it twice.
 */
export function createBatchSummary(history: HistoryStore, announcer: Pick<Announcer, 'batchDone'>) {
  const serially = createSerial();

  async function tellIfDone(batchId: string): Promise<void> {
    const batch = await history.find({ batchId });
    if (batch.some((entry) => entry.status === 'running') || !batch.some((entry) => entry.notifyPending))
      return;
    await announcer.batchDone(batchId, batch);
    await history.patchMany({ batchId }, (entry) => (entry.notifyPending ? told(entry) : undefined));
  }

  return async function tellBatches(entries: readonly HistoryEntry[]): Promise<void> {
    const ids = new Set(entries.flatMap((entry) => (entry.batchId === undefined ? [] : [entry.batchId])));
    for (const id of ids) await serially(() => tellIfDone(id));
  };
}
