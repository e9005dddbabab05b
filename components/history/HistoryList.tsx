import { useLayoutEffect, useMemo } from 'react';
import { batchHeads } from '@/utils/history/page/entries';
import type { HistoryEntry } from '@/utils/history/schema';
import { uiLanguage } from '@/utils/i18n';
import { releaseHeldCopyClick } from '@/utils/ui/held-entry-control';
import { useAfterFirstPaint } from '@/utils/ui/hooks';
import styles from './Entry.module.css';
import { HistoryItem } from './HistoryItem';
import type { RowCuration } from './RowCuration';

/** More than a screenful of rows of the full page come whole in the first frame. */
const FIRST_WHOLE_ROWS = 12;

interface Props {
  entries: readonly HistoryEntry[];
  now: number;
  variant: 'compact' | 'full';
  labelledBy: string;
  onRemove?: (entry: HistoryEntry) => void;
  removingId?: string;
  onEdit?: (entry: HistoryEntry) => void;
  /** The history page's selection (see HistoryItem); stable, so rows re-render only when their own box flips. */
  onSelect?: (entry: HistoryEntry, range: boolean) => void;
  selected?: ReadonlySet<string>;
  /** How many rows of the full page come whole in the first frame (none when something fills the screen). */
  firstWholeRows?: number;
  /** Opens an entry's comparison (see HistoryItem); stable, as `onSelect`. */
  onCompare?: (entry: HistoryEntry, opener: HTMLElement) => void;
  /** The history page's star and collections for each row (see HistoryItem). */
  curation?: RowCuration;
}

export function HistoryList({
  entries,
  now,
  variant,
  labelledBy,
  onRemove,
  removingId,
  onEdit,
  onSelect,
  selected,
  firstWholeRows = FIRST_WHOLE_ROWS,
  onCompare,
  curation,
}: Props) {
  // Asked once per list rather than once per row: each answer costs the browser two extension API calls.
  const locale = uiLanguage();
  // The full page's first frame holds every row with its prompt but only the first screenful whole (the
  // kind, state, date and buttons of hundreds of rows would triple its work); the others are completed a
  // frame later, before anyone could scroll to them.
  const painted = useAfterFirstPaint();
  // With no row on the first screen the browser skips the list as a whole until the whole rows replace it:
  // one element for its viewport watch instead of one per row, and no style for hundreds of rows.
  const skipped = variant === 'full' && !painted && firstWholeRows === 0;
  // Drawn in place of the lists' painted copy: a click held on it goes to this list's control now.
  useLayoutEffect(() => releaseHeldCopyClick(), []);
  const heads = useMemo(() => batchHeads(entries), [entries]);
  return (
    <ul
      className={skipped ? `${styles.list} ${styles.skipped}` : styles.list}
      style={skipped ? { '--rows': entries.length } : undefined}
      aria-labelledby={labelledBy}
    >
      {entries.map((entry, index) =>
        variant === 'compact' || painted || index < firstWholeRows ? (
          <HistoryItem
            key={entry.id}
            entry={entry}
            // A row's text depends on the clock only while it runs or shows relative times, so the other rows
            // of the full page skip the re-render every tick.
            now={variant === 'compact' || entry.status === 'running' ? now : 0}
            variant={variant}
            locale={locale}
            onRemove={onRemove}
            removing={removingId === entry.id}
            onEdit={onEdit}
            onSelect={onSelect}
            selected={selected?.has(entry.id) ?? false}
            batch={heads.get(entry.id)}
            onCompare={onCompare}
            curation={curation}
          />
        ) : (
          // The row with its prompt as plain text, one element with no component around it, until it is whole.
          <li key={entry.id} className={`${styles.item} ${styles.full}`} data-testid="history-entry">
            {entry.prompt}
          </li>
        ),
      )}
    </ul>
  );
}
