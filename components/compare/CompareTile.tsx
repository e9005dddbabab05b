import { type KeyboardEvent, type Ref, useContext, useRef } from 'react';
import {
  type CompareTile,
  hasPicture,
  type TileState,
  tileCost,
  tileState,
} from '@/utils/compare/compare-tiles';
import { useZoomGestures } from '@/utils/compare/page/use-zoom-gestures';
import { transformOf, type ZoomView } from '@/utils/compare/zoom';
import { useMediaSource } from '@/utils/copies/page/use-media-source';
import { describeError } from '@/utils/describe-error';
import type { HistoryEntry } from '@/utils/history/schema';
import { formatCredits, t } from '@/utils/i18n';
import { formatElapsed } from '@/utils/ui/format';
import controls from '../controls.module.css';
import { CopiesContext } from '../copies/CopiesContext';
import { MediaFile } from '../media/MediaFile';
import { MediaImage } from '../media/MediaImage';
import { VideoPlayer } from '../media/VideoPlayer';
import styles from './CompareView.module.css';

export type ChangeView = (update: (view: ZoomView) => ZoomView) => void;

/** How the tile's picture is shown: in the shared zoom, in the shared player, on its own, or not here. */
export type PictureMode = 'zoom' | 'synced' | 'own' | 'elsewhere';

interface Props {
  tile: CompareTile;
  picture: PictureMode;
  view: ZoomView;
  changeView: ChangeView;
  /** The roving tab stop: only the current tile is in the Tab order, arrows move between them. */
  tabbable: boolean;
  tileRef: Ref<HTMLDivElement>;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  onFocus: () => void;
  /** The keys' hint, where the view shows one. */
  hintId: string | undefined;
  onKeep: (entryId: string, keep: boolean) => void;
  onUseModel?: (modelId: string) => void;
}

/**
 * One model's result: its name, its picture or where it is, how long it took and what it cost, and what the
 * person can do with it. A group named by the model, so a screen reader says whose result it is on arriving.
 */
export function CompareTileView(props: Props) {
  const { tile, picture, view, changeView, tabbable, tileRef, hintId, onKeep, onUseModel } = props;
  const { entry, modelName } = tile;
  const state = tileState(entry);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset is for form fields; this groups a result and its actions.
    <div
      ref={tileRef}
      role="group"
      aria-label={modelName}
      aria-describedby={hintId}
      tabIndex={tabbable ? 0 : -1}
      className={styles.tile}
      onKeyDown={props.onKeyDown}
      onFocus={props.onFocus}
    >
      <span className={styles.model}>{modelName}</span>
      {state.kind !== 'completed' ? (
        <p className={styles.state}>{stateText(state)}</p>
      ) : hasPicture(entry) && picture !== 'elsewhere' ? (
        <TilePicture entry={entry} mode={picture} view={view} changeView={changeView} />
      ) : null}
      <TileFigures entry={entry} state={state} />
      <div className={styles.actions}>
        {state.kind === 'completed' ? (
          <button
            type="button"
            className={`${controls.button} ${controls.small} ${styles.keep}`}
            aria-pressed={entry.favourite === true}
            onClick={() => onKeep(entry.id, entry.favourite !== true)}
          >
            {entry.favourite ? <span aria-hidden="true">★ </span> : null}
            {t('compareKeep')}
          </button>
        ) : null}
        {onUseModel ? (
          <button
            type="button"
            className={`${controls.button} ${controls.small}`}
            onClick={() => onUseModel(entry.model)}
          >
            {t('compareUseModel')}
          </button>
        ) : null}
      </div>
    </div>
  );
}

function stateText(state: Exclude<TileState, { kind: 'completed' }>): string {
  if (state.kind === 'waiting') return t(state.paused ? 'statusPaused' : 'statusWaiting');
  if (state.kind === 'generating') return t('compareGenerating');
  return state.error ? t('compareFailed', describeError(state.error)) : t('statusFailed');
}

function TileFigures({ entry, state }: { entry: HistoryEntry; state: TileState }) {
  const cost = tileCost(entry);
  if (state.kind !== 'completed' && cost.kind === 'none') return null;
  return (
    <dl className={styles.figures}>
      {state.kind === 'completed' ? (
        <div>
          <dt>{t('compareTimeToResult')}</dt>
          <dd data-testid="compare-time">
            {state.elapsedMs === undefined ? t('figuresUnknown') : formatElapsed(state.elapsedMs)}
          </dd>
        </div>
      ) : null}
      {cost.kind === 'none' ? null : (
        <div>
          <dt>{t('compareCost')}</dt>
          <dd data-testid="compare-cost">
            {cost.kind === 'known'
              ? formatCredits(cost.credits)
              : t(cost.kind === 'pending' ? 'compareCostPending' : 'compareCostShared')}
          </dd>
        </div>
      )}
    </dl>
  );
}

interface PictureProps {
  entry: HistoryEntry;
  mode: Exclude<PictureMode, 'elsewhere'>;
  view: ZoomView;
  changeView: ChangeView;
}

/** The entry's first file (a comparison is one result per model), from its kept copy first. */
export function useFirstFile(entry: HistoryEntry) {
  const copy = useContext(CopiesContext)[entry.id];
  return { entryId: entry.id, index: 0, url: entry.urls[0] ?? '', copy };
}

function TilePicture({ entry, mode, view, changeView }: PictureProps) {
  const file = useFirstFile(entry);
  if (mode === 'zoom') return <ZoomFrame entry={entry} view={view} changeView={changeView} />;
  if (mode === 'synced') return <SyncedVideo entry={entry} />;
  return (
    <div className={styles.own}>
      <MediaFile file={file} kind={entry.kind} prompt={entry.prompt} />
    </div>
  );
}

/**
 * A picture in the shared view: the frame clips, the layer inside moves and scales (a transform, so zooming
 * costs no layout). A note in place of a picture that cannot be shown is left as it is.
 */
export function ZoomFrame({ entry, view, changeView }: Omit<PictureProps, 'mode'>) {
  const source = useMediaSource(useFirstFile(entry));
  const frame = useRef<HTMLDivElement>(null);
  const { dragging, ...gestures } = useZoomGestures(frame, changeView);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dragging is the pointer's way to pan; the keyboard's is Shift with the arrows on the tile.
    <div
      ref={frame}
      className={frameClass(view, dragging)}
      // The browser's own drag of an image would take over from the pan.
      onDragStart={(event) => event.preventDefault()}
      {...gestures}
    >
      <div
        className={styles.pan}
        data-testid="compare-pan"
        style={source.src ? { transform: transformOf(view) } : undefined}
      >
        <MediaImage source={source} alt={entry.prompt} className={styles.picture} />
      </div>
    </div>
  );
}

export function frameClass(view: ZoomView, dragging: boolean): string {
  const zoomed = view.scale > 1 ? ` ${styles.zoomed}` : '';
  return `${styles.frame}${zoomed}${dragging ? ` ${styles.dragging}` : ''}`;
}

/**
 * A video the shared bar plays: without controls of its own (one play for all, or they would drift), so it is
 * hidden from screen readers as VideoPlayer does for previews; the tile's name says whose it is. Every one is
 * muted, the leader too: what is compared is the picture, two to six soundtracks at once are noise, and the
 * leader (the longest video) is no choice of the person's to hear.
 */
function SyncedVideo({ entry }: { entry: HistoryEntry }) {
  const source = useMediaSource(useFirstFile(entry));
  return (
    <div className={styles.videoFrame}>
      <VideoPlayer source={source} prompt={entry.prompt} controls={false} className={styles.video} />
    </div>
  );
}
