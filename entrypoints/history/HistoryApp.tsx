import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { ConfirmButtons } from '@/components/ConfirmButtons';
import controls from '@/components/controls.module.css';
import { CopiesContext } from '@/components/copies/CopiesContext';
import { ErrorMessage } from '@/components/ErrorMessage';
import { CollectionNames } from '@/components/history/CollectionForm';
import { HistoryBulkBar } from '@/components/history/HistoryBulkBar';
import { HistoryFind } from '@/components/history/HistoryFind';
import { HistoryList } from '@/components/history/HistoryList';
import { HistoryTransfer } from '@/components/history/HistoryTransfer';
import { LoadMore } from '@/components/history/LoadMore';
import { ROW_CURATION } from '@/components/history/RowCuration';
import { KeyStatusContext } from '@/components/keys/KeyStatusContext';
import { FIRST_CELLS, MediaGrid } from '@/components/media/MediaGrid';
import { StatusMessage } from '@/components/StatusMessage';
import { SpendSection } from '@/components/spend/SpendSection';
import { NO_COPIES } from '@/utils/copies/copies-item';
import { mediaItems } from '@/utils/copies/page/media-items';
import { describeError } from '@/utils/describe-error';
import { toErrorInfo } from '@/utils/error-info';
import type { ErrorInfo } from '@/utils/errors';
import { type FindQuery, isNarrowed, SHOW_ALL } from '@/utils/history/page/history-find';
import { useHistorySnapshot } from '@/utils/history/page/history-snapshot';
import { keepOnly, NO_SELECTION, selectAll, toggle } from '@/utils/history/page/selection';
import { type HistoryWindow, PAGE_SIZE, useHistoryWindow } from '@/utils/history/page/use-history-window';
import type { HistoryEntry } from '@/utils/history/schema';
import { t } from '@/utils/i18n';
import { send } from '@/utils/messaging/send';
import { profileOf } from '@/utils/profiles/first-profile';
import { useProfiles } from '@/utils/profiles/page/use-profiles';
import { editInPanel } from '@/utils/side-panel/page/edit-in-panel';
import { useNow } from '@/utils/ui/hooks';
import { forgetListsCopy } from '@/utils/ui/lists-copy';
import { onDemand } from '@/utils/ui/on-demand';
import { forgetSnapshotHistory } from '@/utils/ui/snapshot';
import { useCopies, useKeyStatus, useSettings } from '@/utils/ui/stored-data';
import styles from './History.module.css';

/** Only once a comparison is opened: the compare view's code and CSS come with it, not with the page. */
const HistoryComparison = onDemand(() =>
  import('@/components/compare/HistoryComparison').then((module) => module.HistoryComparison),
);

/** What the count line says: how much of the history is loaded, or how many a search found so far. */
function countText(history: HistoryWindow, narrowed: boolean): string {
  const shown = history.entries.length;
  if (narrowed) return t(history.hasMore ? 'historyMatchesSoFar' : 'historyMatches', shown);
  if (history.total === undefined) return '';
  return shown < history.total
    ? t('historyLoaded', [shown, history.total])
    : t('historyCount', history.total);
}

/** The first screenful of the unfiltered, newest-first list: all the next open's first frame needs. */
function useFirstScreen(history: HistoryWindow, query: FindQuery): readonly HistoryEntry[] | undefined {
  const plain = history.read && !isNarrowed(query) && query.order === 'newest';
  const first = plain ? history.entries.slice(0, PAGE_SIZE) : undefined;
  const ids = first?.map((entry) => `${entry.id}:${entry.status}:${entry.favourite === true}`).join(',');
  // Kept while the first screen stays the same, so the snapshot is not written again for each page read.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `ids` stands for `first`'s content.
  return useMemo(() => first, [ids]);
}

/**
 * The whole history, a page at a time: every entry with its files or failure, found by prompt and filters,
 * curated (favourites, collections) one by one or as a selection, removed one by one, or cleared after a yes.
 */
export function HistoryApp({ seed }: { seed?: readonly HistoryEntry[] }) {
  const key = useKeyStatus();
  const settings = useSettings();
  const profiles = useProfiles(settings);
  const storedCopies = useCopies().value;
  const copies = storedCopies?.entries ?? NO_COPIES;
  const [query, setQuery] = useState(SHOW_ALL);
  const history = useHistoryWindow(query, seed ? { seed } : {});
  const [removingId, setRemovingId] = useState<string | undefined>(undefined);
  const [confirming, setConfirming] = useState(false);
  const [clearing, setClearing] = useState(false);
  const [error, setError] = useState<ErrorInfo | undefined>(undefined);
  const [notice, setNotice] = useState<string | undefined>(undefined);
  const [picked, setPicked] = useState(NO_SELECTION);
  const [comparing, setComparing] = useState<{ entry: HistoryEntry; opener: HTMLElement }>();
  const clearButton = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);

  useHistorySnapshot(useFirstScreen(history, query), key.value, storedCopies);

  // Keyboard focus follows the question onto its answer (ConfirmButtons), and back to "Clear history" after.
  useEffect(() => {
    if (!confirming && wasConfirming.current) clearButton.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  const { entries, total = 0, read: loaded } = history;
  const narrowed = isNarrowed(query);
  const media = useMemo(() => mediaItems(entries, copies), [entries, copies]);
  const order = useMemo(() => entries.map((entry) => entry.id), [entries]);
  // Only what is shown stays selected: a bulk action never reaches an entry the person cannot see.
  const selection = useMemo(() => keepOnly(picked, new Set(order)), [picked, order]);
  const selected = useMemo(
    () => entries.filter((entry) => selection.ids.has(entry.id)),
    [entries, selection],
  );
  const latestOrder = useRef(order);
  useLayoutEffect(() => {
    latestOrder.current = order;
  });
  // The clock ticks only while something runs: a finished history has nothing that changes with time.
  const now = useNow(
    1000,
    entries.some((entry) => entry.status === 'running'),
  );

  // A new search starts a new selection: picks it hides would otherwise come back selected with their rows.
  const find = (next: FindQuery) => {
    setQuery(next);
    setPicked(NO_SELECTION);
  };
  // Stable, so the memoised rows do not re-render whenever the page does.
  const select = useCallback((entry: HistoryEntry, range: boolean) => {
    setPicked((current) => toggle(current, { id: entry.id, order: latestOrder.current, range }));
  }, []);
  const edit = useCallback((entry: HistoryEntry) => {
    editInPanel(entry).catch((failure: unknown) => setError(toErrorInfo(failure)));
  }, []);
  const compare = useCallback(
    (entry: HistoryEntry, opener: HTMLElement) => setComparing({ entry, opener }),
    [],
  );
  const closeComparison = useCallback(() => setComparing(undefined), []);
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
          forgetListsCopy();
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
            <a className={`${controls.button} ${styles.headerLink}`} href="/library.html">
              {t('openLibrary')}
            </a>
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
          {/* Spending is in the ledger, not in the entries: it stays when the history is emptied. */}
          {loaded ? (
            <SpendSection profiles={profiles} dailyBudget={settings.value?.dailyBudget || undefined} />
          ) : null}
          {total > 0 || narrowed ? (
            <HistoryFind
              query={query}
              onChange={find}
              collections={history.collections}
              profiles={profiles?.list}
            />
          ) : null}
          <CollectionNames names={history.collections} />

          {/* Polite and whole: a new count is said once it settles, and reading more never moves focus. */}
          <p className={styles.count} aria-live="polite" aria-atomic="true" data-testid="history-count">
            {loaded ? countText(history, narrowed) : t('loading')}
          </p>

          {loaded && total === 0 && !narrowed ? <p className={styles.muted}>{t('historyEmpty')}</p> : null}
          {loaded && narrowed && !history.loading && entries.length === 0 ? (
            <p className={styles.muted}>{t('historyNoMatch')}</p>
          ) : null}
          {entries.length > 0 ? (
            <HistoryBulkBar
              selected={selected}
              shown={entries.length}
              onSelectAll={() => setPicked((current) => selectAll(current, order))}
              onClear={() => setPicked(NO_SELECTION)}
            />
          ) : null}
          {media.length > 0 ? (
            <section aria-labelledby="media-heading">
              <h2 id="media-heading" className={styles.subheading}>
                {t('mediaGridHeading')}
              </h2>
              <MediaGrid items={media} curate />
            </section>
          ) : null}
          {entries.length > 0 ? (
            <HistoryList
              // A new search's rows come as the page's first ones do: a screenful whole, the rest as their
              // prompts until the frame is painted, so a keystroke's results paint without the details of rows
              // further down (a search of 10,000 entries spent half its time on those).
              key={history.answered}
              entries={entries}
              now={now}
              variant="full"
              labelledBy="history-heading"
              onRemove={remove}
              removingId={removingId}
              onEdit={edit}
              onSelect={select}
              selected={selection.ids}
              // Below a grid that fills the first screen no row is on it: each comes whole a frame later.
              firstWholeRows={media.length >= FIRST_CELLS ? 0 : undefined}
              onCompare={compare}
              curation={ROW_CURATION}
            />
          ) : null}
          {comparing ? (
            <HistoryComparison
              entry={comparing.entry}
              // Named as the profile it was made with names them, whichever profile is active now.
              models={
                profiles?.list.find((profile) => profile.id === profileOf(comparing.entry))?.models ?? []
              }
              // Use this model changes the active profile's settings: offered only for its own comparisons.
              settings={profileOf(comparing.entry) === profiles?.activeId ? settings.value : undefined}
              opener={comparing.opener}
              onClose={closeComparison}
            />
          ) : null}
          {history.hasMore ? (
            <LoadMore loading={history.loading} onMore={history.loadMore} auto={!history.error} />
          ) : null}
        </main>
      </CopiesContext.Provider>
    </KeyStatusContext.Provider>
  );
}
