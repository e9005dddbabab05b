import { type RefObject, useId } from 'react';
import { useSyncedVideos } from '@/utils/compare/page/use-synced-videos';
import { t } from '@/utils/i18n';
import { formatElapsed } from '@/utils/ui/format';
import controls from '../controls.module.css';
import styles from './CompareView.module.css';

interface Props {
  /** Where the videos are: every video under it plays as one. */
  root: RefObject<HTMLElement | null>;
  hintId: string;
}

/** One play, pause and position for every video, so the same moment is compared in each. */
export function VideoBar({ root, hintId }: Props) {
  const { playing, time, duration, toggle, seek } = useSyncedVideos(root);
  const rangeId = useId();
  const at = formatElapsed(time * 1000);
  const length = formatElapsed(duration * 1000);
  return (
    <div className={styles.bar}>
      <button type="button" className={`${controls.button} ${controls.small}`} onClick={toggle}>
        {t(playing ? 'comparePause' : 'comparePlay')}
      </button>
      <label htmlFor={rangeId} className={controls.label}>
        {t('comparePosition')}
      </label>
      <input
        id={rangeId}
        className={styles.seek}
        type="range"
        min={0}
        max={duration}
        step={0.1}
        value={Math.min(time, duration)}
        disabled={duration === 0}
        aria-valuetext={t('compareTimeOf', [at, length])}
        onChange={(event) => seek(Number(event.currentTarget.value))}
      />
      <span className={styles.level} aria-hidden="true">
        {at} / {length}
      </span>
      <p id={hintId} className={styles.hint}>
        {t('compareKeysVideos')}
      </p>
    </div>
  );
}
