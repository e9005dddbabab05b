import { COPY_SLOT_ATTRIBUTE } from '@/utils/ui/lists-copy';
import styles from '../PageSections.module.css';

/**
 * Where the page's head script paints the kept copy of a part. React renders it empty and never looks
 * inside (an element with inner HTML has no children for React to hydrate or update), so the copy stays
 * as painted until React's own list replaces the slot.
 */
export function CopySlot() {
  return (
    <div
      className={`${styles.part} ${styles.copy}`}
      {...{ [COPY_SLOT_ATTRIBUTE]: '' }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: empty, so that React leaves what the head script painted.
      dangerouslySetInnerHTML={{ __html: '' }}
    />
  );
}
