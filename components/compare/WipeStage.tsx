import { type KeyboardEvent, useId, useRef } from 'react';
import type { CompareTile } from '@/utils/compare/compare-tiles';
import { useZoomGestures } from '@/utils/compare/page/use-zoom-gestures';
import { transformOf, viewKey, wipeClip, type ZoomView } from '@/utils/compare/zoom';
import { useMediaSource } from '@/utils/copies/page/use-media-source';
import { t } from '@/utils/i18n';
import controls from '../controls.module.css';
import { MediaImage } from '../media/MediaImage';
import { type ChangeView, frameClass, useFirstFile } from './CompareTile';
import styles from './CompareView.module.css';

interface Props {
  pair: readonly [CompareTile, CompareTile];
  view: ZoomView;
  changeView: ChangeView;
  /** Per cent of the first picture shown, from the left. */
  shown: number;
  onShown: (shown: number) => void;
}

/**
 * Two pictures in one frame, the first over the second and cut off at the dividing line, so a difference is
 * seen in place rather than by looking from one tile to the other. Both follow the shared zoom. The clip is on
 * a layer the zoom does not move, so the line stays where the slider puts it at any zoom.
 */
export function WipeStage({ pair: [first, second], view, changeView, shown, onShown }: Props) {
  const frame = useRef<HTMLDivElement>(null);
  const { dragging, ...gestures } = useZoomGestures(frame, changeView);
  const rangeId = useId();
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const change = viewKey(event.key, event.shiftKey);
    if (!change) return;
    event.preventDefault();
    changeView(change);
  };
  return (
    <div className={styles.wipe}>
      {/* biome-ignore lint/a11y/useSemanticElements: a fieldset is for form fields; this groups two pictures. */}
      <div
        ref={frame}
        role="group"
        aria-label={t('compareWipeLabel', [first.modelName, second.modelName])}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: focused, it takes the zoom keys as a tile does.
        tabIndex={0}
        className={`${frameClass(view, dragging)} ${styles.wipeFrame}`}
        onKeyDown={onKeyDown}
        onDragStart={(event) => event.preventDefault()}
        {...gestures}
      >
        <WipeLayer tile={second} view={view} />
        <div className={styles.wipeTop} data-testid="compare-wipe-top" style={{ clipPath: wipeClip(shown) }}>
          <WipeLayer tile={first} view={view} />
        </div>
        <div className={styles.wipeLine} style={{ left: `${shown}%` }} aria-hidden="true" />
        <span className={`${styles.wipeName} ${styles.wipeFirst}`} aria-hidden="true">
          {first.modelName}
        </span>
        <span className={`${styles.wipeName} ${styles.wipeSecond}`} aria-hidden="true">
          {second.modelName}
        </span>
      </div>
      <div className={styles.wipeRange}>
        <label htmlFor={rangeId} className={controls.label}>
          {t('compareWipePosition')}
        </label>
        <input
          id={rangeId}
          type="range"
          min={0}
          max={100}
          step={1}
          value={shown}
          aria-valuetext={t('compareWipeValue', [shown, first.modelName])}
          onChange={(event) => onShown(Number(event.currentTarget.value))}
        />
      </div>
    </div>
  );
}

function WipeLayer({ tile, view }: { tile: CompareTile; view: ZoomView }) {
  const source = useMediaSource(useFirstFile(tile.entry));
  return (
    <div className={styles.pan} style={source.src ? { transform: transformOf(view) } : undefined}>
      {/* Named by its model: in the wipe that is what tells the two pictures apart. */}
      <MediaImage source={source} alt={tile.modelName} className={styles.picture} />
    </div>
  );
}
