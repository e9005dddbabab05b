import { useMemo } from 'react';
import { ENTRY_LISTS_WINDOW } from '@/components/EntryLists';
import { MediaGrid } from '@/components/MediaGrid';
import { PromptPageBody } from '@/components/PromptPageBody';
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
