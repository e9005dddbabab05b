import { useEffect, useMemo, useState } from 'react';
import controls from '@/components/controls.module.css';
import { splitForPopup } from '@/utils/history/page/entries';
import type { RecentWindow } from '@/utils/history/page/recent-history';
import type { HistoryEntry } from '@/utils/history/schema';
import { t } from '@/utils/i18n';
import type { PromptActions } from '@/utils/prompts/page/use-prompt-actions';
import { useAfterFirstPaint } from '@/utils/ui/hooks';
import { openExtensionPage } from '@/utils/ui/navigation';
import { onDemand } from '@/utils/ui/on-demand';
import styles from '../PageSections.module.css';

const RECENT_LIMIT = 5;

// The lists are no part of the first frame (they are drawn a frame after it), and an empty history needs
// neither: their code, most of what draws an entry, is fetched when there is one to draw.
const JobList = onDemand(() => import('@/components/prompts/JobList').then((module) => module.JobList));
const HistoryList = onDemand(() =>
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
  actions: PromptActions;
  now: number;
  /** Edit & generate: puts an entry into the page's form. */
  onEdit: (entry: HistoryEntry) => void;
}

/** "In progress" and "Recent", painted a frame after the header and form so the popup opens at once. */
export function EntryLists({ history, actions, now, onEdit }: Props) {
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

  // Entries seen running stay in "In progress" when they finish, so the person sees them complete there.
  useEffect(() => {
    const fresh = sections.jobs.filter((entry) => entry.status === 'running' && !seenRunning.has(entry.id));
    if (fresh.length > 0)
      setSeenRunning((previous) => new Set([...previous, ...fresh.map((entry) => entry.id)]));
  }, [sections, seenRunning]);

  return (
    <>
      {listsShown && sections.jobs.length > 0 ? (
        <section className={styles.section} aria-labelledby="jobs-heading">
          <h2 id="jobs-heading" className={styles.heading}>
            {t('jobsHeading')}
          </h2>
          <JobList entries={sections.jobs} now={now} labelledBy="jobs-heading" onEdit={onEdit} />
        </section>
      ) : null}

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
        {!listsShown ? null : sections.recent.length > 0 ? (
          <HistoryList
            entries={sections.recent}
            now={now}
            variant="compact"
            labelledBy="recent-heading"
            onEdit={onEdit}
          />
        ) : history?.length ? null : (
          <p className={styles.empty}>{history ? t('historyEmpty') : t('loading')}</p>
        )}
      </section>
    </>
  );
}
