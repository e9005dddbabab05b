import { WHOLE, ZOOM_STEP, type ZoomView, zoomAt } from '@/utils/compare/zoom';
import { t } from '@/utils/i18n';
import controls from '../controls.module.css';
import type { ChangeView } from './CompareTile';
import styles from './CompareView.module.css';

interface Props {
  view: ZoomView;
  changeView: ChangeView;
  /** Offered only when exactly two pictures can be laid over each other. */
  wipe?: { on: boolean; toggle: () => void };
  hintId: string;
}

/** The shared zoom's buttons and level, for whoever does not use a wheel or the keys on a tile. */
export function ZoomBar({ view, changeView, wipe, hintId }: Props) {
  return (
    <div className={styles.bar}>
      <button
        type="button"
        className={`${controls.button} ${controls.small}`}
        onClick={() => changeView((current) => zoomAt(current, 1 / ZOOM_STEP))}
      >
        {t('compareZoomOut')}
      </button>
      <button
        type="button"
        className={`${controls.button} ${controls.small}`}
        onClick={() => changeView((current) => zoomAt(current, ZOOM_STEP))}
      >
        {t('compareZoomIn')}
      </button>
      <button
        type="button"
        className={`${controls.button} ${controls.small}`}
        onClick={() => changeView(() => WHOLE)}
      >
        {t('compareZoomWhole')}
      </button>
      {/* Said when it changes, so zooming by key on a tile is heard as well as seen. */}
      <output className={styles.level} aria-live="polite">
        {t('compareZoomLevel', Math.round(view.scale * 100))}
      </output>
      {wipe ? (
        <button
          type="button"
          className={`${controls.button} ${controls.small}`}
          aria-pressed={wipe.on}
          onClick={wipe.toggle}
        >
          {t('compareWipe')}
        </button>
      ) : null}
      <p id={hintId} className={styles.hint}>
        {t('compareKeysImages')}
      </p>
    </div>
  );
}
