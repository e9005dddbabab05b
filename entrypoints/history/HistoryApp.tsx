import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ConfirmButtons } from '@/components/ConfirmButtons';
import { CopiesContext } from '@/components/CopiesContext';
import controls from '@/components/controls.module.css';
import { ErrorMessage } from '@/components/ErrorMessage';
import { HistoryFind } from '@/components/HistoryFind';
import { HistoryList } from '@/components/HistoryList';
import { HistoryTransfer } from '@/components/HistoryTransfer';
import { KeyStatusContext } from '@/components/KeyStatusContext';
import { FIRST_CELLS, MediaGrid } from '@/components/MediaGrid';
import { StatusMessage } from '@/components/StatusMessage';
import { toErrorInfo } from '@/utils/error-info';
import type { ErrorInfo } from '@/utils/errors';
import type { HistoryEntry } from '@/utils/history/schema';
import { describeError, t } from '@/utils/i18n';
import { send } from '@/utils/messaging/send';
import { editInPanel } from '@/utils/ui/edit-in-panel';
import { findEntries, isNarrowed, SHOW_ALL } from '@/utils/ui/history-find';
import { useHistorySnapshot } from '@/utils/ui/history-snapshot';
import { useNow } from '@/utils/ui/hooks';
import { mediaItems, NO_COPIES } from '@/utils/ui/media-items';
import { forgetSnapshotHistory } from '@/utils/ui/snapshot';
import { useCopies, useHistory, useKeyStatus } from '@/utils/ui/stored-data';
import styles from './History.module.css';

/** More entries than this would make the page slow to paint; the count still says how many there are. */
const HISTORY_LIMIT = 1000;

/** The whole history: every entry with its files or failure, remove one, or clear all after confirming. */
export function HistoryApp() {
  const history = useHistory();
  const key = useKeyStatus();
  const storedCopies = useCopies().value;
  const copies = storedCopies?.entries ?? NO_COPIES;
  const [removingId, setRemovingId] = useState<string | undefined>(undefined);
  const [confirming, setConfirming] = useState(false);
  const [clearing, setClearing] = useState(false);
  const [error, setError] = useState<ErrorInfo | undefined>(undefined);
  const [notice, setNotice] = useState<string | undefined>(undefined);
  const [query, setQuery] = useState(SHOW_ALL);
  const clearButton = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);

  useHistorySnapshot(history.value, key.value, storedCopies);

  // Keyboard focus follows the question onto its answer (ConfirmButtons), and back to "Clear history" after.
  useEffect(() => {
    if (!confirming && wasConfirming.current) clearButton.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  const loaded = history.read;
  const all = history.value ?? [];
  const narrowed = isNarrowed(query);
  const found = useMemo(() => findEntries(all, query), [all, query]);
  const entries = useMemo(() => found.slice(0, HISTORY_LIMIT), [found]);
  const total = all.length;
  const media = useMemo(() => mediaItems(entries, copies), [entries, copies]);
  // The clock ticks only while something runs: a finished history has nothing that changes with time.
  const now = useNow(
    1000,
    entries.some((entry) => entry.status === 'running'),
  );

  // Stable, so the memoised rows do not re-render whenever the page does.
  const edit = useCallback((entry: HistoryEntry) => {
    editInPanel(entry).catch((failure: unknown) => setError(toErrorInfo(failure)));
  }, []);
  const remove = useCallback((entry: HistoryEntry) => {
    setRemovingId(entry.id);
    setError(undefined);
    setNotice(undefined);
    send({ type: 'removeHistoryEntry', id: entry.id })
      .then(
        () => setNotice(t('entryRemoved')),
        (failure) => setError(toErrorInfo(failure)),
      )
      .finally(() => setRemovingId(undefined));
  }, []);

  const clearAll = () => {
    setClearing(true);
    setError(undefined);
    setNotice(undefined);
    send({ type: 'clearHistory' })
      .then(
        () => {
          forgetSnapshotHistory();
          setNotice(t('historyCleared'));
        },
        (failure) => setError(toErrorInfo(failure)),
      )
      .finally(() => {
        setClearing(false);
        setConfirming(false);
        wasConfirming.current = false;
        document.getElementById('history-heading')?.focus();
      });
  };

  return (
    <KeyStatusContext.Provider value={key.read ? key.value : undefined}>
      <CopiesContext.Provider value={copies}>
        <main className={styles.page}>
          <header className={styles.header}>
            <h1 id="history-heading" className={styles.title} tabIndex={-1}>
              <span className={styles.logo} />
              {t('historyHeading')}
            </h1>
            {total > 0 && !confirming ? (
              <button
                ref={clearButton}
                type="button"
                className={controls.danger}
                onClick={() => setConfirming(true)}
              >
                {t('clearHistory')}
              </button>
            ) : null}
          </header>

          {confirming ? (
            <section className={styles.confirm} aria-labelledby="clear-confirm-text">
              <p id="clear-confirm-text" className={styles.confirmText}>
                {t('clearConfirm', total)}
              </p>
              <div className={styles.confirmActions}>
                <ConfirmButtons
                  confirmLabel={t('clearConfirmYes')}
                  busy={clearing}
                  onConfirm={clearAll}
                  onCancel={() => setConfirming(false)}
                />
              </div>
            </section>
          ) : null}

          {history.error ? <ErrorMessage>{describeError(history.error)}</ErrorMessage> : null}
          {error ? <ErrorMessage>{describeError(error)}</ErrorMessage> : null}
          {notice ? <StatusMessage tone="success">{notice}</StatusMessage> : null}

          {loaded ? <HistoryTransfer /> : null}
          {loaded && total > 0 ? <HistoryFind query={query} onChange={setQuery} /> : null}

          {loaded ? (
            <p className={styles.count}>
              {narrowed
                ? t('historyFound', [found.length, total])
                : total > entries.length
                  ? t('historyShowing', [entries.length, total])
                  : t('historyCount', total)}
            </p>
          ) : null}

          {!loaded && !history.error ? <p className={styles.muted}>{t('loading')}</p> : null}
          {loaded && total === 0 ? <p className={styles.muted}>{t('historyEmpty')}</p> : null}
          {loaded && total > 0 && entries.length === 0 ? (
            <p className={styles.muted}>{t('historyNoMatch')}</p>
          ) : null}
          {media.length > 0 ? (
            <section aria-labelledby="media-heading">
              <h2 id="media-heading" className={styles.subheading}>
                {t('mediaGridHeading')}
              </h2>
              <MediaGrid items={media} />
            </section>
          ) : null}
          {entries.length > 0 ? (
            <HistoryList
              entries={entries}
              now={now}
              variant="full"
              labelledBy="history-heading"
              onRemove={remove}
              removingId={removingId}
              onEdit={edit}
              // Below a grid that fills the first screen no row is on it: each comes whole a frame later.
              firstWholeRows={media.length >= FIRST_CELLS ? 0 : undefined}
            />
          ) : null}
        </main>
      </CopiesContext.Provider>
    </KeyStatusContext.Provider>
  );
}
