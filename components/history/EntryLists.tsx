import { useEffect, useMemo, useState } from 'react';
import controls from '@/components/controls.module.css';
import { splitForPopup } from '@/utils/history/page/entries';
import type { RecentWindow } from '@/utils/history/page/recent-history';
import type { HistoryEntry } from '@/utils/history/schema';
import { t } from '@/utils/i18n';
import type { PromptActions } from '@/utils/prompts/page/use-prompt-actions';
import { useAfterFirstPaint } from '@/utils/ui/hooks';
import { forgetListsCopy, PART_ATTRIBUTE } from '@/utils/ui/lists-copy';
import { openExtensionPage } from '@/utils/ui/navigation';
import { onDemandExport } from '@/utils/ui/on-demand';
import styles from '../PageSections.module.css';
import { CopySlot } from './CopySlot';

const RECENT_LIMIT = 5;

// The lists are no part of the first frame (they are drawn a frame after it; until then the page shows the
// copy it kept of them, utils/ui/lists-copy.ts), and an empty history needs neither: their code, most of
// what draws an entry, is fetched when there is one to draw.
const useJobList = onDemandExport(() =>
  import('@/components/prompts/JobList').then((module) => module.JobList),
);
const useHistoryList = onDemandExport(() =>
  import('@/components/history/HistoryList').then((module) => module.HistoryList),
);

/**
 * The history these lists need read: "Recent" plus one, since the result card's entry is left out of it.
 * Running entries are read besides, and entries seen running stay held as they change.
 */
export const ENTRY_LISTS_WINDOW: RecentWindow = { finished: RECENT_LIMIT + 1, completed: 0 };

interface Props {
  /** Undefined until storage (or the snapshot) said what there is. */
  history?: HistoryEntry[];
  /** The history came from storage itself, not from the snapshot. */
  read: boolean;
  actions: PromptActions;
  now: number;
  /** Edit & generate: puts an entry into the page's form. */
  onEdit: (entry: HistoryEntry) => void;
}

/** "In progress" and "Recent", painted a frame after the header and form so the popup opens at once. */
export function EntryLists({ history, read, actions, now, onEdit }: Props) {
  const listsShown = useAfterFirstPaint();
  const [seenRunning, setSeenRunning] = useState<ReadonlySet<string>>(() => new Set());
  const { result, imageSince, submitted } = actions;

  const sections = useMemo(
    () =>
      splitForPopup(history ?? [], {
        watched: new Set([...seenRunning, ...submitted]),
        exclude: new Set(result ? [result.id] : []),
        pendingImageSince: imageSince,
        recentLimit: RECENT_LIMIT,
      }),
    [history, seenRunning, submitted, result, imageSince],
  );

  // Entries seen running stay in "In progress" when they finish, so the person sees them complete there:
  // seen in storage, not in the snapshot, whose running entries may have ended long before this open.
  useEffect(() => {
    if (!read) return;
    const fresh = sections.jobs.filter((entry) => entry.status === 'running' && !seenRunning.has(entry.id));
    if (fresh.length > 0)
      setSeenRunning((previous) => new Set([...previous, ...fresh.map((entry) => entry.id)]));
  }, [read, sections, seenRunning]);

  const known = listsShown && history !== undefined;
  const JobList = useJobList(known && sections.jobs.length > 0);
  const HistoryList = useHistoryList(known && sections.recent.length > 0);
  // A part is live once React can draw all of it: until then its painted copy stays.
  const jobsLive = known && (sections.jobs.length === 0 || JobList !== undefined);
  const recentLive = known && (sections.recent.length === 0 || HistoryList !== undefined);

  // The keeper comes after the first frame, once storage (not the snapshot, which may be older) says there
  // is an entry to keep (an empty popup fetches none of the lists' code); with none, nothing is left for the
  // next open to paint.
  const stored = listsShown && read;
  const hasEntries = sections.jobs.length > 0 || sections.recent.length > 0;
  useEffect(() => {
    if (!stored) return;
    if (!hasEntries) return forgetListsCopy();
    let stop: (() => void) | undefined;
    let current = true;
    import('@/utils/ui/lists-copy-keeper').then(
      ({ keepListsCopy }) => {
        if (current) stop = keepListsCopy();
      },
      // Not kept, the next open only shows the lists with React.
      () => undefined,
    );
    return () => {
      current = false;
      stop?.();
    };
  }, [stored, hasEntries]);

  return (
    <>
      <div className={styles.part} {...{ [PART_ATTRIBUTE]: 'jobs' }}>
        {!jobsLive ? (
          <CopySlot />
        ) : JobList && sections.jobs.length > 0 ? (
          <section className={styles.section} aria-labelledby="jobs-heading">
            <h2 id="jobs-heading" className={styles.heading}>
              {t('jobsHeading')}
            </h2>
            <JobList entries={sections.jobs} now={now} labelledBy="jobs-heading" onEdit={onEdit} />
          </section>
        ) : null}
      </div>

      <section className={styles.section} aria-labelledby="recent-heading">
        <div className={styles.sectionHead}>
          <h2 id="recent-heading" className={styles.heading}>
            {t('recentHeading')}
          </h2>
          <a
            className={controls.link}
            href="/history.html"
            target="_blank"
            rel="noopener"
            onClick={(event) => {
              event.preventDefault();
              void openExtensionPage('/history.html');
            }}
          >
            {t('seeAllHistory')}
          </a>
        </div>
        <div className={styles.part} {...{ [PART_ATTRIBUTE]: 'recent' }}>
          {!recentLive ? (
            <>
              <CopySlot />
              {history ? null : <p className={`${styles.empty} ${styles.loading}`}>{t('loading')}</p>}
            </>
          ) : HistoryList && sections.recent.length > 0 ? (
            <HistoryList
              entries={sections.recent}
              now={now}
              variant="compact"
              labelledBy="recent-heading"
              onEdit={onEdit}
            />
          ) : history?.length ? null : (
            <p className={styles.empty}>{t('historyEmpty')}</p>
          )}
        </div>
      </section>
    </>
  );
}
