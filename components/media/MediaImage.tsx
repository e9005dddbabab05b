import type { MediaSource } from '@/utils/copies/page/use-media-source';
import styles from './MediaFile.module.css';
import { MediaPending, MediaUnavailable } from './MediaState';

interface Props {
  source: MediaSource;
  /** Empty when a labelled control around the image already names it. */
  alt: string;
  className?: string;
}

/** A result image from its kept copy or the service; a file that fails to load becomes a clear note. */
export function MediaImage({ source, alt, className }: Props) {
  if (source.failed) return <MediaUnavailable source={source} className={className} />;
  if (!source.src) return <MediaPending className={className} />;
  return (
    <img
      className={className ? `${styles.image} ${className}` : styles.image}
      src={source.src}
      alt={alt}
      decoding="async"
      referrerPolicy="no-referrer"
      onError={source.markFailed}
    />
  );
}
