import type { MediaSource } from '@/utils/copies/page/use-media-source';
import { t } from '@/utils/i18n';
import styles from './MediaFile.module.css';

/**
 * Shown in place of a file that cannot be loaded from anywhere: never a broken image or an empty player.
 * A span, so it may sit inside a button (the grid).
 */
export function MediaUnavailable({ source, className }: { source: MediaSource; className?: string }) {
  return (
    <span className={className ? `${styles.unavailable} ${className}` : styles.unavailable}>
      {t(source.status)}
    </span>
  );
}

/** Where the file shown comes from: kept in the extension, being kept, or only on the service. */
export function CopyStatus({ source, id }: { source: MediaSource; id?: string }) {
  return (
    <span id={id} className={styles.status}>
      {t(source.status)}
    </span>
  );
}

/** Holds the file's place while its kept copy is read from IndexedDB. */
export function MediaPending({ className }: { className?: string }) {
  return <div className={className ? `${styles.pending} ${className}` : styles.pending} aria-hidden="true" />;
}
