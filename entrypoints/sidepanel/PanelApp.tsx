import { useMemo } from 'react';
import { CopiesContext } from '@/components/CopiesContext';
import { ENTRY_LISTS_WINDOW, EntryLists } from '@/components/EntryLists';
import { KeyStatusContext } from '@/components/KeyStatusContext';
import { MediaGrid } from '@/components/MediaGrid';
import { PageHeader } from '@/components/PageHeader';
import { PromptComposer } from '@/components/PromptComposer';
import { ResultCard } from '@/components/ResultCard';
import { t } from '@/utils/i18n';
import { useNow } from '@/utils/ui/hooks';
import { mediaItems } from '@/utils/ui/media-items';
import { recentHistory } from '@/utils/ui/recent-history';
import { useComposerDraft } from '@/utils/ui/use-composer-draft';
import { usePromptPage } from '@/utils/ui/use-prompt-page';
import styles from './Panel.module.css';

/** Finished entries whose files the gallery shows; older ones are on the history page. */
const GALLERY_ENTRIES = 12;

/** The history the panel reads: its lists' and the gallery's. */
const PANEL_HISTORY = recentHistory({ ...ENTRY_LISTS_WINDOW, completed: GALLERY_ENTRIES });

/**
 * The side panel: the popup's form, balance and lists, plus a gallery of recent results, for a page that
 * stays open while the person browses. It fills its form from a selection sent here for review.
 */
export function PanelApp() {
  const page = usePromptPage(undefined, PANEL_HISTORY);
  const { data, configured, refresh, actions, copies } = page;
  const now = useNow(1000);
  useComposerDraft(page.draft);

  const media = useMemo(
    () =>
      mediaItems(
        (data.history ?? []).filter((entry) => entry.status === 'completed').slice(0, GALLERY_ENTRIES),
        copies,
      ),
    [data.history, copies],
  );

  return (
    <KeyStatusContext.Provider value={data.key}>
      <CopiesContext.Provider value={copies}>
        <main className={styles.panel}>
          <PageHeader
            configured={configured}
            balance={data.balance}
            profiles={data.profiles}
            refresh={refresh}
            now={now}
          />
          <PromptComposer page={page} now={now} />
          {page.result ? <ResultCard entry={page.result} /> : null}
          <EntryLists history={data.history} actions={actions} now={now} onEdit={page.editEntry} />
          {media.length > 0 ? (
            <section className={styles.gallery} aria-labelledby="gallery-heading">
              <h2 id="gallery-heading" className={styles.heading}>
                {t('panelGalleryHeading')}
              </h2>
              <MediaGrid items={media} />
            </section>
          ) : null}
        </main>
      </CopiesContext.Provider>
    </KeyStatusContext.Provider>
  );
}
