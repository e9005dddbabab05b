import { lazy, Suspense } from 'react';
import type { HistoryEntry } from '@/utils/history/schema';
import { isCancelled } from '../history/EntryParts';

const BatchControls = lazy(() =>
  import('./BatchControls').then((module) => ({ default: module.BatchControls })),
);
const BatchEntryState = lazy(() =>
  import('./BatchControls').then((module) => ({ default: module.BatchEntryState })),
);

interface Props {
  entry: HistoryEntry;
  /** On the first listed entry of a batch still at work: the batch's listed entries, for its controls. */
  batch?: readonly HistoryEntry[] | undefined;
  /** The id of the entry's shown outcome, focused once the entry is cancelled. */
  reasonId: string;
}

/**
 * Pause, resume and cancel for a batch's prompts not sent yet, in the rows that list them. Their code loads
 * only when a batch is listed: most pages never show one.
 */
export function BatchTools({ entry, batch, reasonId }: Props) {
  // A cancelled entry keeps its part mounted, so the cancel that ended it can focus what it shows now.
  const own = entry.batchId !== undefined && (entry.status === 'running' || isCancelled(entry));
  if (!batch && !own) return null;
  return (
    <Suspense fallback={null}>
      {batch ? <BatchControls batch={batch} /> : null}
      {own ? <BatchEntryState entry={entry} reasonId={reasonId} /> : null}
    </Suspense>
  );
}
