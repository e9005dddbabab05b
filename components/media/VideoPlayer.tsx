import type { MediaSource } from '@/utils/copies/page/use-media-source';
import { t } from '@/utils/i18n';
import styles from './MediaFile.module.css';
import { MediaPending, MediaUnavailable } from './MediaState';

interface Props {
  source: MediaSource;
  prompt: string;
  /**
   * False for a preview inside a button (the grid): a control inside a control is neither valid nor usable,
   * so the preview is only a picture and the button names it.
   */
  controls?: boolean;
  /** The viewer starts the video the person asked to see; muted, so browsers allow it and nobody is startled. */
  autoPlay?: boolean;
  /** A frame the person chose as the video's picture (thumbnail.ts), shown until it plays. */
  poster?: string | undefined;
  className?: string;
}

/**
 * A result video. The native controls are keyboard operable in Chromium and Firefox (Tab to them; Space
 * plays and pauses). No poster is drawn but the one the person chose: with `preload="metadata"` both browsers
 * paint the first frame by themselves, and copying it to a canvas would fail on media hosts without CORS (a
 * tainted canvas) while costing a decode per preview.
 */
export function VideoPlayer({ source, prompt, controls = true, autoPlay = false, poster, className }: Props) {
  if (source.failed) return <MediaUnavailable source={source} className={className} />;
  if (!source.src) return <MediaPending className={className} />;
  return (
    <video
      className={className ? `${styles.video} ${className}` : styles.video}
      src={source.src}
      controls={controls}
      muted
      playsInline
      autoPlay={autoPlay}
      preload="metadata"
      poster={poster}
      aria-label={controls ? t('videoLabel', prompt) : undefined}
      aria-hidden={controls ? undefined : true}
      tabIndex={controls ? undefined : -1}
      onError={source.markFailed}
    />
  );
}
