import type { HistoryEntry } from '@/utils/history/schema';
import { uiLanguage } from '@/utils/i18n';
import { useAfterFirstPaint } from '@/utils/ui/hooks';
import styles from './Entry.module.css';
import { HistoryItem } from './HistoryItem';

/** More than a screenful of rows of the full page come with their buttons in the first frame. */
const FIRST_FULL_ROWS = 12;

interface Props {
  entries: readonly HistoryEntry[];
  now: number;
  variant: 'compact' | 'full';
  labelledBy: string;
  onRemove?: (entry: HistoryEntry) => void;
  removingId?: string;
  onEdit?: (entry: HistoryEntry) => void;
}

export function HistoryList({ entries, now, variant, labelledBy, onRemove, removingId, onEdit }: Props) {
  // Asked once per list rather than once per row: each answer costs the browser two extension API calls.
  const locale = uiLanguage();
  // The full page's first frame holds every row's text but only the first screenful's buttons (hundreds of
  // rows of links and buttons would double its work); the others get theirs a frame later.
  const painted = useAfterFirstPaint();
  return (
    <ul className={styles.list} aria-labelledby={labelledBy}>
      {entries.map((entry, index) => (
        <HistoryItem
          key={entry.id}
          entry={entry}
          // A row's text depends on the clock only while it runs or shows relative times, so the other rows
          // of the full page skip the re-render every tick.
          now={variant === 'compact' || entry.status === 'running' ? now : 0}
          variant={variant}
          locale={locale}
          actions={variant === 'compact' || painted || index < FIRST_FULL_ROWS}
          onRemove={onRemove}
          removing={removingId === entry.id}
          onEdit={onEdit}
        />
      ))}
    </ul>
  );
}
