import { useId } from 'react';
import type { HistoryEntry } from '@/utils/history/schema';
import { t } from '@/utils/i18n';
import { formatElapsed } from '@/utils/ui/format';
import { BatchTools } from '../batch/BatchTools';
import styles from '../history/Entry.module.css';
import { elapsedMs, kindLabel, Outcome, RunningDetails, StatusBadge } from '../history/EntryParts';
import { EntryMedia } from '../media/EntryMedia';
import { EntryRetry } from './EntryRetry';

interface Props {
  entry: HistoryEntry;
  now: number;
  onEdit?: (entry: HistoryEntry) => void;
  /** On the first listed entry of a batch at work: the batch's listed entries, for its controls. */
  batch?: readonly HistoryEntry[] | undefined;
}

/** One piece of work in progress (or just finished while the popup was open). */
export function JobItem({ entry, now, onEdit, batch }: Props) {
  const reasonId = useId();
  const running = entry.status === 'running';
  return (
    <li
      className={styles.item}
      aria-busy={running}
      data-testid="job"
      data-status={entry.status}
      data-entry-id={entry.id}
    >
      <div className={styles.head}>
        <span className={styles.kind}>{kindLabel(entry)}</span>
        <StatusBadge entry={entry} />
        {running ? null : (
          <span className={styles.time}>{t('jobTook', formatElapsed(elapsedMs(entry, now)))}</span>
        )}
      </div>
      <p className={styles.prompt}>{entry.prompt}</p>
      {running ? <RunningDetails entry={entry} now={now} /> : null}
      {entry.status === 'completed' ? <EntryMedia entry={entry} size="small" /> : null}
      <Outcome entry={entry} reasonId={reasonId} />
      <BatchTools entry={entry} batch={batch} reasonId={reasonId} />
      <EntryRetry entry={entry} onEdit={onEdit} reasonId={reasonId} />
    </li>
  );
}
