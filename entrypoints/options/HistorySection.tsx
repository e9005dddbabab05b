import { useEffect, useState } from 'react';
import { ConfirmButtons } from '@/components/ConfirmButtons';
import controls from '@/components/controls.module.css';
import { ErrorMessage } from '@/components/ErrorMessage';
import { StatusMessage } from '@/components/StatusMessage';
import type { Copies } from '@/utils/copies/copies-schema';
import { describeError } from '@/utils/describe-error';
import { toErrorInfo } from '@/utils/error-info';
import { entriesBytes, entriesPastCap, historyCount } from '@/utils/history/page/history-reader';
import { pageHistoryDb, readHistory, watchHistoryChanges } from '@/utils/history/page/history-source';
import { t, uiLanguage } from '@/utils/i18n';
import { send } from '@/utils/messaging/send';
import { formatBytes } from '@/utils/ui/format-bytes';
import { useCopies, useSettings } from '@/utils/ui/stored-data';
import styles from './Options.module.css';

interface Overview {
  count: number;
  /** The entries a trim would remove, oldest first, and what their stored text takes. */
  pastIds: string[];
  pastBytes: number;
}

async function readOverview(limit: number): Promise<Overview> {
  const [count, past] = await readHistory(
    pageHistoryDb,
    (db) => Promise.all([historyCount(db), entriesPastCap(db, limit)]),
    [0, []],
  );
  return { count, pastIds: past.map((entry) => entry.id), pastBytes: entriesBytes(past) };
}

/** Read from the database on the page (never waking the worker), again after each change the background signals. */
function useHistoryOverview(limit: number | undefined): Overview | 'failed' | undefined {
  const [overview, setOverview] = useState<Overview | 'failed'>();
  useEffect(() => {
    if (limit === undefined) return;
    let current = true;
    let latest = 0;
    // Only the latest read lands: an earlier one answering late would show figures from before a change.
    const read = () => {
      const mine = ++latest;
      readOverview(limit).then(
        (figures) => current && mine === latest && setOverview(figures),
        () => current && mine === latest && setOverview('failed'),
      );
    };
    read();
    const unwatch = watchHistoryChanges(read);
    return () => {
      current = false;
      unwatch();
    };
  }, [limit]);
  return overview;
}

function copiesBytes(copies: Copies | undefined, ids: readonly string[]): number {
  return ids.reduce((sum, id) => {
    const copy = copies?.entries[id];
    return sum + (copy?.state === 'kept' ? copy.bytes : 0);
  }, 0);
}

/** The history's size against the saved cap, and *Remove N oldest* once the person has agreed. */
export function HistorySection() {
  const limit = useSettings().value?.historyLimit;
  const copies = useCopies().value;
  const overview = useHistoryOverview(limit);
  return (
    <section className={styles.card} aria-labelledby="history-heading">
      <h2 id="history-heading" className={styles.sectionTitle}>
        {t('historySection')}
      </h2>
      {overview === 'failed' ? <ErrorMessage>{t('historyUnreadable')}</ErrorMessage> : null}
      {overview && overview !== 'failed' ? (
        <>
          <p data-testid="history-count" data-count={overview.count}>
            {t('historyEntryCount', overview.count)}
          </p>
          {overview.pastIds.length === 0 ? (
            <p className={styles.muted}>{t('historyWithinCap')}</p>
          ) : (
            <p data-testid="history-past-cap" data-count={overview.pastIds.length}>
              {t('historyPastCap', overview.pastIds.length)}{' '}
              {t(
                'historyPastCapSize',
                formatBytes(overview.pastBytes + copiesBytes(copies, overview.pastIds), uiLanguage()),
              )}
            </p>
          )}
          {/* Stays when nothing is past the cap any more, so the outcome of a removal is still said. */}
          <RemoveOldest count={overview.pastIds.length} />
        </>
      ) : null}
    </section>
  );
}

type Step =
  | { type: 'idle' }
  | { type: 'confirming' }
  | { type: 'removing' }
  | { type: 'done'; removed: number }
  | { type: 'failed'; text: string };

function RemoveOldest({ count }: { count: number }) {
  const [step, setStep] = useState<Step>({ type: 'idle' });
  const remove = () => {
    setStep({ type: 'removing' });
    // The number shown is the number agreed to: should more be past the cap by now, nothing goes.
    send({ type: 'trimHistory', removeUpTo: count }).then(
      ({ removed }) => setStep({ type: 'done', removed }),
      (failure: unknown) => setStep({ type: 'failed', text: describeError(toErrorInfo(failure)) }),
    );
  };
  if (step.type === 'confirming' || step.type === 'removing') {
    return (
      <div className={styles.actions}>
        <p className={styles.muted}>{t('historyRemoveConfirm', count)}</p>
        <ConfirmButtons
          confirmLabel={t('historyRemoveConfirmYes')}
          busy={step.type === 'removing'}
          onConfirm={remove}
          onCancel={() => setStep({ type: 'idle' })}
        />
      </div>
    );
  }
  return (
    <>
      {count > 0 ? (
        <div className={styles.actions}>
          <button type="button" className={controls.danger} onClick={() => setStep({ type: 'confirming' })}>
            {t('historyRemoveOldest', count)}
          </button>
        </div>
      ) : null}
      {step.type === 'done' ? (
        <StatusMessage tone={step.removed > 0 ? 'success' : 'neutral'}>
          {step.removed > 0 ? t('historyRemoved', step.removed) : t('historyRemoveChanged')}
        </StatusMessage>
      ) : null}
      {step.type === 'failed' ? <ErrorMessage>{step.text}</ErrorMessage> : null}
    </>
  );
}
