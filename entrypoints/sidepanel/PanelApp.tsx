import { useMemo } from 'react';
import { ENTRY_LISTS_WINDOW } from '@/components/history/EntryLists';
import { MediaGrid } from '@/components/media/MediaGrid';
import { PromptPageBody } from '@/components/prompts/PromptPageBody';
import { mediaItems } from '@/utils/copies/page/media-items';
import { recentHistory } from '@/utils/history/page/recent-history';
import { t } from '@/utils/i18n';
import { usePromptPage } from '@/utils/prompts/page/use-prompt-page';
import { useComposerDraft } from '@/utils/side-panel/page/use-composer-draft';
import { useNow } from '@/utils/ui/hooks';
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
  const { data, copies } = page;
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
    <PromptPageBody page={page} now={now} className={styles.panel}>
      {media.length > 0 ? (
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
