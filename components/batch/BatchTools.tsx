import type { HistoryEntry } from '@/utils/history/schema';
import { isCancelled } from '../history/EntryParts';
import { BatchControls, BatchEntryState } from './BatchControls';

interface Props {
  entry: HistoryEntry;
  /** On the first listed entry of a batch still at work: the batch's listed entries, for its controls. */
  batch?: readonly HistoryEntry[] | undefined;
  /** The id of the entry's shown outcome, focused once the entry is cancelled. */
  reasonId: string;
}

/**
 * Pause, resume and cancel for a batch's prompts not sent yet, in the rows that list them. Drawn with the
 * list, not loaded on demand after it: React 19 reveals a suspended part no sooner than 300 ms after its
 * fallback, so a popup reopened with a batch at work lost the buttons its painted copy showed for a third of
 * a second (and a held click waited for them). The lists load only when there are entries to draw.
 */
export function BatchTools({ entry, batch, reasonId }: Props) {
  // A cancelled entry keeps its part mounted, so the cancel that ended it can focus what it shows now.
  const own = entry.batchId !== undefined && (entry.status === 'running' || isCancelled(entry));
  if (!batch && !own) return null;
  return (
    <>
      {batch ? <BatchControls batch={batch} /> : null}
      {own ? <BatchEntryState entry={entry} reasonId={reasonId} /> : null}
    </>
  );
}
