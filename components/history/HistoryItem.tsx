import { memo, useId } from 'react';
import type { HistoryEntry } from '@/utils/history/schema';
import { t } from '@/utils/i18n';
import { formatDateTime, formatRelativeTime, truncate } from '@/utils/ui/format';
import { BatchTools } from '../batch/BatchTools';
import controls from '../controls.module.css';
import { EntryCopyState } from '../copies/EntryCopyState';
import { EntryMedia } from '../media/EntryMedia';
import { EntryRetry } from '../prompts/EntryRetry';
import styles from './Entry.module.css';
import { kindLabel, Outcome, RunningDetails, StatusBadge } from './EntryParts';
import type { RowCuration } from './RowCuration';

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
  /**
   * The history page's selection: with it the row has a checkbox. `range` is a Shift+click (from the last
   * toggled row); a plain or Ctrl/Cmd+click toggles this row alone.
   */
  onSelect?: (entry: HistoryEntry, range: boolean) => void;
  /** The history page's favourite star and collections for the row (RowCuration.tsx). */
  curation?: RowCuration | undefined;
  selected?: boolean;
  /** On the first listed entry of a batch at work: the batch's listed entries, for its controls. */
  batch?: readonly HistoryEntry[] | undefined;
  /** Opens the comparison an entry was made in (the history page); `opener` takes focus back after. */
  onCompare?: (entry: HistoryEntry, opener: HTMLElement) => void;
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
  onSelect,
  selected = false,
  batch,
  onCompare,
  curation,
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
      <BatchTools entry={entry} batch={batch} reasonId={reasonId} />
    </>
  );
  return (
    <li
      className={variant === 'full' ? `${styles.item} ${styles.full}` : styles.item}
      data-testid="history-entry"
      data-status={entry.status}
      data-entry-id={entry.id}
    >
      <div className={styles.head}>
        {onSelect ? (
          <input
            type="checkbox"
            className={controls.checkbox}
            aria-label={t('selectEntryLabel', truncate(entry.prompt, 60))}
            checked={selected}
            // React reports a checkbox's change from its click, which alone tells whether Shift was held
            // (keyboard Space clicks too).
            onChange={(event) =>
              onSelect(entry, event.nativeEvent instanceof MouseEvent && event.nativeEvent.shiftKey)
            }
          />
        ) : null}
        <span className={styles.kind}>{kindLabel(entry)}</span>
        <StatusBadge entry={entry} />
        <time className={styles.time} dateTime={new Date(entry.createdAt).toISOString()} title={stamp}>
          {variant === 'full' ? stamp : formatRelativeTime(entry.createdAt, now, locale)}
        </time>
        {curation ? <curation.Star entry={entry} /> : null}
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
      {curation ? <curation.Collections entry={entry} /> : null}
      <EntryRetry entry={entry} onEdit={onEdit} reasonId={reasonId}>
        {onCompare && entry.compared && entry.batchId ? (
          <button
            type="button"
            className={`${controls.button} ${controls.small}`}
            aria-label={t('compareEntryLabel', truncate(entry.prompt, 60))}
            onClick={(event) => onCompare(entry, event.currentTarget)}
          >
            {t('compareEntry')}
          </button>
        ) : null}
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
