import { useContext } from 'react';
import { describeError } from '@/utils/describe-error';
import { waitingOrigin, waitsForUnlock } from '@/utils/history/page/entries';
import type { HistoryEntry } from '@/utils/history/schema';
import { formatCredits, t } from '@/utils/i18n';
import { formatElapsed } from '@/utils/ui/format';
import { KeyStatusContext } from '../keys/KeyStatusContext';
import { MediaActions } from '../media/MediaActions';
import styles from './Entry.module.css';

export function kindLabel(entry: HistoryEntry): string {
  return entry.kind === 'image' ? t('kindImage') : t('kindVideo');
}

/** Whether the person cancelled this batch prompt before it was sent. */
export const isCancelled = (entry: HistoryEntry) => entry.error?.kind === 'cancelled';

/** Waiting to be sent (or paused) / Running / Completed / Cancelled / Failed as a small badge. */
export function StatusBadge({ entry }: { entry: HistoryEntry }) {
  const text = entry.waiting
    ? t(entry.paused ? 'statusPaused' : 'statusWaiting')
    : entry.status === 'running'
      ? t('statusRunning')
      : entry.status === 'completed'
        ? t('statusCompleted')
        : t(isCancelled(entry) ? 'statusCancelled' : 'statusFailed');
  return <span className={`${styles.badge} ${styles[entry.status]}`}>{text}</span>;
}

/** How long the entry has run (live) or took. */
export function elapsedMs(entry: HistoryEntry, now: number): number {
  return (entry.status === 'running' ? now : (entry.finishedAt ?? now)) - entry.createdAt;
}

/** The service's status word, the elapsed time, and the latest transient problem of a running entry. */
export function RunningDetails({ entry, now }: { entry: HistoryEntry; now: number }) {
  const key = useContext(KeyStatusContext);
  const waitingFor = waitingOrigin(entry, key);
  // A batch entry not sent yet (its badge says so) has no progress: a running clock would suggest some.
  if (entry.waiting) return null;
  if (waitsForUnlock(entry, key)) {
    return (
      <p className={styles.note} data-testid="waiting-for-unlock">
        {t('jobLocked')}
      </p>
    );
  }
  if (waitingFor) {
    return (
      <p className={styles.note} data-testid="waiting-for-service">
        {t('jobWaitingForService', waitingFor)}
      </p>
    );
  }
  return (
    <>
      <div className={styles.progressRow}>
        {entry.rawStatus ? <span>{t('jobRawStatus', entry.rawStatus)}</span> : null}
        <span>{t('jobElapsed', formatElapsed(elapsedMs(entry, now)))}</span>
      </div>
      <div className={styles.progress} aria-hidden="true" />
      {entry.error ? <p className={styles.note}>{t('jobStillTrying', describeError(entry.error))}</p> : null}
    </>
  );
}

interface OutcomeProps {
  entry: HistoryEntry;
  withCopy?: boolean;
  /** Lets "Try again" point at the reason it retries. */
  reasonId?: string;
}

/** The finished entry's files and what they cost (when that is known), or why it failed. */
export function Outcome({ entry, withCopy = false, reasonId }: OutcomeProps) {
  if (entry.status === 'failed') {
    return (
      <p id={reasonId} className={styles.reason}>
        {!entry.error
          ? t('statusFailed')
          : isCancelled(entry)
            ? describeError(entry.error)
            : t('jobFailedReason', describeError(entry.error))}
      </p>
    );
  }
  if (entry.status !== 'completed') return null;
  return (
    <>
      {entry.cost === undefined ? null : (
        <p className={styles.note} data-testid="entry-cost">
          {t('entryCost', formatCredits(entry.cost))}
        </p>
      )}
      <MediaActions entry={entry} withCopy={withCopy} />
    </>
  );
}
