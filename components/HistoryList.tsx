import type { HistoryEntry } from '@/utils/history/schema';
import styles from './Entry.module.css';
import { HistoryItem } from './HistoryItem';

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
  return (
    <ul className={styles.list} aria-labelledby={labelledBy}>
      {entries.map((entry) => (
        <HistoryItem
          key={entry.id}
          entry={entry}
          // A row's text depends on the clock only while it runs or shows relative times, so the other rows
          // of the full page skip the re-render every tick.
          now={variant === 'compact' || entry.status === 'running' ? now : 0}
          variant={variant}
          onRemove={onRemove}
          removing={removingId === entry.id}
          onEdit={onEdit}
        />
      ))}
    </ul>
  );
}
