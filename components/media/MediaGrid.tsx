import { useCallback, useId, useRef, useState } from 'react';
import type { MediaItem } from '@/utils/copies/page/media-items';
import { useMediaSource } from '@/utils/copies/page/use-media-source';
import { t } from '@/utils/i18n';
import { useAfterFirstPaint } from '@/utils/ui/hooks';
import { useNearViewport } from '@/utils/ui/use-near-viewport';
import { LazyMediaViewer } from './LazyMediaViewer';
import styles from './MediaGrid.module.css';
import { MediaImage } from './MediaImage';
import { CopyStatus } from './MediaState';
import { VideoPlayer } from './VideoPlayer';

/**
 * A screenful of cells in the first frame (at the widest three rows and the start of a fourth, more than a
 * 720p window shows); the rest follow once it is painted.
 */
export const FIRST_CELLS = 16;
/** As many as the widest page fits (`minmax(9.5rem, 1fr)` in 760 px); narrower ones have fewer, and more rows. */
const MOST_COLUMNS = 5;

/**
 * The history's results as thumbnails and video previews; each opens the viewer at itself. `curate`: the
 * viewer offers the favourite star and collections (the history page, which has the collection names).
 */
export function MediaGrid({ items, curate = false }: { items: readonly MediaItem[]; curate?: boolean }) {
  const [open, setOpen] = useState<number>();
  const close = useCallback(() => setOpen(undefined), []);
  const painted = useAfterFirstPaint();
  const shown = painted ? items : items.slice(0, FIRST_CELLS);
  // The cells still to come keep about their rows' room, so what follows the grid starts where it will
  // stay: it is not drawn near the first screen for one frame, and the scrollbar does not jump.
  const laterRows = Math.ceil((items.length - shown.length) / MOST_COLUMNS);
  return (
    <>
      <ul className={styles.grid} style={laterRows > 0 ? { '--later-rows': laterRows } : undefined}>
        {shown.map((item, index) => (
          <GridCell
            key={item.key}
            item={item}
            firstScreen={index < FIRST_CELLS}
            onOpen={() => setOpen(index)}
          />
        ))}
      </ul>
      {open === undefined ? null : (
        <LazyMediaViewer items={items} start={open} onClose={close} curate={curate} />
      )}
    </>
  );
}

/**
 * The button is named by its visible content (the prompt, the file number, or the unavailable note), so what
 * people see is what speech input and screen readers call it; the copy state describes it. The picture is
 * loaded (and a kept copy read) only once the cell comes near the viewport: a history of hundreds of files
 * opens with the few on screen, the others hold their place.
 */
function GridCell({
  item,
  firstScreen,
  onOpen,
}: {
  item: MediaItem;
  firstScreen: boolean;
  onOpen: () => void;
}) {
  const cell = useRef<HTMLLIElement>(null);
  const source = useMediaSource(item, useNearViewport(cell));
  const statusId = useId();
  return (
    <li ref={cell} className={firstScreen ? `${styles.cell} ${styles.firstScreen}` : styles.cell}>
      <button
        type="button"
        className={styles.open}
        onClick={onOpen}
        aria-describedby={source.failed ? undefined : statusId}
      >
        {item.thumbnail ? (
          // The person's chosen frame: a picture, so the cell loads no video to show it.
          <img src={item.thumbnail} alt="" className={styles.thumb} />
        ) : item.kind === 'video' ? (
          <VideoPlayer source={source} prompt={item.prompt} controls={false} className={styles.thumb} />
        ) : (
          <MediaImage source={source} alt="" className={styles.thumb} />
        )}
        <span className={styles.caption}>{item.prompt}</span>
        {item.files > 1 ? (
          <span className={styles.number}>{t('mediaFileNumber', [item.index + 1, item.files])}</span>
        ) : null}
      </button>
      {source.failed ? null : <CopyStatus source={source} id={statusId} />}
    </li>
  );
}
