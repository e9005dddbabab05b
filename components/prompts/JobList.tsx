import { useLayoutEffect, useMemo } from 'react';
import { batchHeads } from '@/utils/history/page/entries';
import type { HistoryEntry } from '@/utils/history/schema';
import { releaseHeldCopyClick } from '@/utils/ui/held-entry-control';
import styles from '../history/Entry.module.css';
import { JobItem } from './JobItem';

interface Props {
  entries: readonly HistoryEntry[];
  now: number;
  labelledBy: string;
  onEdit?: (entry: HistoryEntry) => void;
}

/** Running video jobs (and images still generating), newest first, with live elapsed times. */
export function JobList({ entries, now, labelledBy, onEdit }: Props) {
  // Drawn in place of the lists' painted copy: a click held on it goes to this list's control now.
  useLayoutEffect(() => releaseHeldCopyClick(), []);
  const heads = useMemo(() => batchHeads(entries), [entries]);
  return (
    <ul className={styles.list} aria-labelledby={labelledBy}>
      {entries.map((entry) => (
        <JobItem key={entry.id} entry={entry} now={now} onEdit={onEdit} batch={heads.get(entry.id)} />
      ))}
    </ul>
  );
}
