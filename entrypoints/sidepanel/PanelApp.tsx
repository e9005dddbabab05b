import { useMemo } from 'react';
import { ENTRY_LISTS_WINDOW } from '@/components/history/EntryLists';
import { MediaGrid } from '@/components/media/MediaGrid';
import { PromptPageBody } from '@/components/prompts/PromptPageBody';
import { mediaItems } from '@/utils/copies/page/media-items';
import { recentHistory } from '@/utils/history/page/recent-history';
import { t } from '@/utils/i18n';
import { usePromptPage } from '@/utils/prompts/page/use-prompt-page';
import { useComposerDraft } from '@/utils/side-panel/page/use-composer-draft';
import { useAfterFirstPaint, useNow } from '@/utils/ui/hooks';
import type { CachedView } from '@/utils/ui/snapshot';
import styles from './Panel.module.css';

/** Finished entries whose files the gallery shows; older ones are on the history page. */
const GALLERY_ENTRIES = 12;

/** The history the panel reads: its lists' and the gallery's. */
const PANEL_HISTORY = recentHistory({ ...ENTRY_LISTS_WINDOW, completed: GALLERY_ENTRIES });

/**
 * The side panel: the popup's form, balance and lists, plus a gallery of recent results, for a page that
 * stays open while the person browses. It fills its form from a selection sent here for review.
 */
export function PanelApp({ snapshot }: { snapshot?: CachedView }) {
  // Painted first from the view the popup or the panel last saw: its balance, profiles and lists.
  const page = usePromptPage(snapshot, PANEL_HISTORY);
  const { data, copies } = page;
  const now = useNow(1000);
  useComposerDraft(page.draft);
  // Drawn from the snapshot, the gallery's players and images would weigh on the task that hydrates the
  // page (its interactive time went from 1.2 to 1.45 times the static frame): they come a frame after.
  const galleryShown = useAfterFirstPaint();

  const media = useMemo(
    () =>
      mediaItems(
        (data.history ?? []).filter((entry) => entry.status === 'completed').slice(0, GALLERY_ENTRIES),
        copies,
      ),
    [data.history, copies],
  );

  return (
    <PromptPageBody page={page} now={now} className={styles.panel}>
      {galleryShown && media.length > 0 ? (
        <section className={styles.gallery} aria-labelledby="gallery-heading">
          <h2 id="gallery-heading" className={styles.heading}>
            {t('panelGalleryHeading')}
          </h2>
          <MediaGrid items={media} />
        </section>
      ) : null}
    </PromptPageBody>
  );
}
