import { type KeyboardEvent, useCallback, useId, useRef, useState } from 'react';
import { type CompareViewProps, compareKind, wipePair } from '@/utils/compare/compare-tiles';
import { columnsFor, nextTileIndex } from '@/utils/compare/tile-focus';
import { viewKey, WHOLE, type ZoomView } from '@/utils/compare/zoom';
import { type ChangeView, CompareTileView, type PictureMode } from './CompareTile';
import styles from './CompareView.module.css';
import { VideoBar } from './VideoBar';
import { WipeStage } from './WipeStage';
import { ZoomBar } from './ZoomBar';

const COLUMNS = [styles.columns1, styles.columns2, styles.columns3];

/**
 * How many tiles the laid-out grid has in its first row, which the narrow-screen rules of the CSS change; the
 * designed count where nothing is laid out (a test's DOM).
 */
function rowLength(tiles: readonly (HTMLElement | null)[], designed: number): number {
  const boxes = tiles.flatMap((tile) => (tile ? [tile.getBoundingClientRect()] : []));
  const top = boxes[0]?.top;
  if (top === undefined || boxes.every((box) => box.width === 0)) return designed;
  return Math.max(1, boxes.filter((box) => Math.abs(box.top - top) < 1).length);
}

/**
 * One prompt's results from 2 to 6 models side by side (issue #38). Images share one zoom and pan, so the same
 * detail is in view in each; two of them can be laid over each other with a dividing line. Videos share one
 * play bar and are kept at one moment. The tiles are one Tab stop, walked with the arrow keys.
 */
export function CompareView({ tiles, onKeep, onUseModel }: CompareViewProps) {
  const kind = compareKind(tiles);
  const [view, setView] = useState<ZoomView>(WHOLE);
  const changeView: ChangeView = useCallback((update) => setView((current) => update(current)), []);
  const [wipeOn, setWipeOn] = useState(false);
  const [shown, setShown] = useState(50);
  const pair = kind === 'image' ? wipePair(tiles) : undefined;
  const wiping = wipeOn && pair !== undefined;
  const root = useRef<HTMLDivElement>(null);
  const hintId = useId();

  const [current, setCurrent] = useState(0);
  const active = Math.min(current, tiles.length - 1);
  const tileElements = useRef<(HTMLDivElement | null)[]>([]);
  const designed = columnsFor(tiles.length);

  const onTileKey = (index: number) => (event: KeyboardEvent<HTMLDivElement>) => {
    // Keys on the buttons inside a tile stay theirs.
    if (event.target !== event.currentTarget) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const change = kind === 'image' ? viewKey(event.key, event.shiftKey) : undefined;
    if (change) {
      event.preventDefault();
      changeView(change);
      return;
    }
    if (event.shiftKey) return;
    const next = nextTileIndex(event.key, index, tiles.length, rowLength(tileElements.current, designed));
    if (next === undefined) return;
    event.preventDefault();
    setCurrent(next);
    tileElements.current[next]?.focus();
  };

  const pictureOf = (index: number): PictureMode => {
    if (kind === 'mixed') return 'own';
    if (kind === 'video') return 'synced';
    const tile = tiles[index];
    return wiping && tile && pair.includes(tile) ? 'elsewhere' : 'zoom';
  };

  return (
    <div ref={root} className={styles.compare}>
      {kind === 'image' ? (
        <ZoomBar
          view={view}
          changeView={changeView}
          wipe={pair ? { on: wiping, toggle: () => setWipeOn((on) => !on) } : undefined}
          hintId={hintId}
        />
      ) : null}
      {kind === 'video' ? <VideoBar root={root} hintId={hintId} /> : null}
      {wiping ? (
        <WipeStage pair={pair} view={view} changeView={changeView} shown={shown} onShown={setShown} />
      ) : null}
      <div className={`${styles.tiles} ${COLUMNS[designed - 1] ?? ''}`}>
        {tiles.map((tile, index) => (
          <CompareTileView
            key={tile.entry.id}
            tile={tile}
            picture={pictureOf(index)}
            view={view}
            changeView={changeView}
            tabbable={index === active}
            tileRef={(element) => {
              tileElements.current[index] = element;
            }}
            onKeyDown={onTileKey(index)}
            onFocus={() => setCurrent(index)}
            hintId={kind === 'mixed' ? undefined : hintId}
            onKeep={onKeep}
            onUseModel={onUseModel}
          />
        ))}
      </div>
    </div>
  );
}
