import { memo, useId } from 'react';
import type { HistoryEntry } from '@/utils/history/schema';
import { t } from '@/utils/i18n';
import { formatDateTime, formatRelativeTime, truncate } from '@/utils/ui/format';
import controls from './controls.module.css';
import styles from './Entry.module.css';
import { EntryCopyState } from './EntryCopyState';
import { EntryMedia } from './EntryMedia';
import { kindLabel, Outcome, RunningDetails, StatusBadge } from './EntryParts';
import { EntryRetry } from './EntryRetry';

interface Props {
  entry: HistoryEntry;
  now: number;
  /** The full history page shows more of the prompt, exact dates and a remove button. */
  variant: 'compact' | 'full';
  /** The UI language for dates, asked once by the list. */
  locale: string;
  onRemove?: (entry: HistoryEntry) => void;
  removing?: boolean;
  /** Fills the page's prompt form from the entry (Edit & generate); pages without a form leave it out. */
  onEdit?: (entry: HistoryEntry) => void;
}

/** Memoised: a long history re-renders only the rows whose entry, clock or state changed. */
export const HistoryItem = memo(function HistoryItem({
  entry,
  now,
  variant,
  locale,
  onRemove,
  removing = false,
  onEdit,
}: Props) {
  const stamp = formatDateTime(entry.createdAt, locale);
  const reasonId = useId();
  const completed = entry.status === 'completed';
  const details = (
    <>
      <p className={styles.prompt}>{entry.prompt}</p>
      {entry.status === 'running' ? <RunningDetails entry={entry} now={now} /> : null}
      {completed && variant === 'full' ? <EntryCopyState entryId={entry.id} /> : null}
      <Outcome entry={entry} withCopy={variant === 'full'} reasonId={reasonId} />
    </>
  );
  return (
    <li
      className={variant === 'full' ? `${styles.item} ${styles.full}` : styles.item}
      data-testid="history-entry"
      data-status={entry.status}
    >
      <div className={styles.head}>
        <span className={styles.kind}>{kindLabel(entry)}</span>
        <StatusBadge entry={entry} />
        <time className={styles.time} dateTime={new Date(entry.createdAt).toISOString()} title={stamp}>
          {variant === 'full' ? stamp : formatRelativeTime(entry.createdAt, now, locale)}
        </time>
      </div>
      {variant === 'compact' ? (
        <div className={styles.body}>
          {completed ? <EntryMedia entry={entry} size="small" /> : null}
          <div className={styles.bodyMain}>{details}</div>
        </div>
      ) : (
        // The history page shows the files in its grid: the row's parts stack in the row itself, two
        // wrappers fewer for each of hundreds of rows.
        details
      )}
      <EntryRetry entry={entry} onEdit={onEdit} reasonId={reasonId}>
        {onRemove ? (
          <button
            type="button"
            className={`${controls.button} ${controls.small}`}
            aria-label={t('removeEntryLabel', truncate(entry.prompt, 60))}
            disabled={removing}
            onClick={() => onRemove(entry)}
          >
            {t('removeEntry')}
          </button>
        ) : null}
      </EntryRetry>
    </li>
  );
});
