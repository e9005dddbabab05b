import { type KeyboardEvent, type MouseEvent, type SyntheticEvent, useEffect, useId, useState } from 'react';
import type { MediaItem } from '@/utils/copies/page/media-items';
import { describeError } from '@/utils/describe-error';
import { FrameProblem, saveFrame } from '@/utils/downloads/page/save-frame';
import { toErrorInfo } from '@/utils/error-info';
import { chooseFrameAsThumbnail } from '@/utils/history/page/frame-thumbnail';
import { t } from '@/utils/i18n';
import { send } from '@/utils/messaging/send';
import { useModalDialog } from '@/utils/ui/use-modal-dialog';
import controls from '../controls.module.css';
import dialogFrame from '../dialog.module.css';
import { ErrorMessage } from '../ErrorMessage';
import { EntryCollections } from '../history/EntryCollections';
import { FavouriteButton } from '../history/FavouriteButton';
import { SaveToLibrary } from '../library/SaveToLibrary';
import { StatusMessage } from '../StatusMessage';
import { MediaFile } from './MediaFile';
import styles from './MediaViewer.module.css';

export interface MediaViewerProps {
  items: readonly MediaItem[];
  /** The item it opens at. */
  start: number;
  onClose: () => void;
  /** Offer the entry's favourite star and collections beside its prompt. */
  curate?: boolean;
}

/**
 * A modal lightbox over the history: one image or video large, previous/next by buttons or ArrowLeft and
 * ArrowRight (wrapping, so focus never lands on a disabled button), Escape or a click on the backdrop closes.
 * It is shown while mounted; on unmount focus returns to whatever opened it. A default export so pages can
 * load it on demand (LazyMediaViewer.tsx) and the popup's bundle does not carry it.
 */
export default function MediaViewer({ items, start, onClose, curate = false }: MediaViewerProps) {
  const [at, setAt] = useState(start);
  /** *Save to library*: the item whose form is open (none: ''), and what the last save said. */
  const [saving, setSaving] = useState<{ key: string; saved?: string }>({ key: '' });
  /** What the last action on a frame said, and of which item. */
  const [frame, setFrame] = useState<{ key: string; done?: string; error?: string }>();
  const { dialogRef, closeRef } = useModalDialog();
  const counterId = useId();
  const promptId = useId();

  // History can change under an open viewer (an entry removed in another tab).
  const count = items.length;
  useEffect(() => {
    if (count === 0) onClose();
  }, [count, onClose]);
  const index = Math.min(at, count - 1);
  const item = items[index];

  const step = (delta: number) => setAt((current) => (Math.min(current, count - 1) + delta + count) % count);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    // On a focused video the arrow keys seek; they are the player's there.
    if (count < 2 || event.target instanceof HTMLMediaElement) return;
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      step(event.key === 'ArrowLeft' ? -1 : 1);
    }
  };
  // The browser's own close request (Escape where keydown did not reach us, a close gesture): React decides.
  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    onClose();
  };
  const onBackdropClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) onClose();
  };
  /** What an action on the shown item said when it ended, under its buttons. */
  const frameDone = (key: string, action: Promise<unknown>, done: string) => {
    setFrame(undefined);
    action.then(
      () => setFrame({ key, done }),
      (failure: unknown) =>
        setFrame({
          key,
          error: failure instanceof FrameProblem ? failure.message : describeError(toErrorInfo(failure)),
        }),
    );
  };
  /** An action on the frame shown: paused first, since a playing video would move on while it is read. */
  const onFrame = (act: (video: HTMLVideoElement, shown: MediaItem) => Promise<void>, done: string) => () => {
    if (!item) return;
    const video = dialogRef.current?.querySelector('video');
    if (!video) return setFrame({ key: item.key, error: t('frameNotLoaded') });
    video.pause();
    frameDone(item.key, act(video, item), done);
  };

  return (
    <dialog
      ref={dialogRef}
      className={`${dialogFrame.dialog} ${styles.dialog}`}
      aria-labelledby={`${counterId} ${promptId}`}
      onKeyDown={onKeyDown}
      onCancel={onCancel}
      onClick={onBackdropClick}
    >
      {item ? (
        <div className={styles.frame}>
          <div className={styles.header}>
            <h2 id={counterId} className={styles.counter}>
              {t('mediaViewerLabel', [index + 1, count])}
            </h2>
            <button ref={closeRef} type="button" className={controls.button} onClick={onClose}>
              {t('mediaViewerClose')}
            </button>
          </div>
          <div className={styles.stage}>
            <MediaFile
              key={item.key}
              file={item}
              kind={item.kind}
              prompt={item.prompt}
              showStatus
              autoPlay
              className={styles.large}
            />
          </div>
          <p id={promptId} className={styles.prompt}>
            {item.prompt}
          </p>
          {item.kind === 'video' ? (
            <div className={styles.nav}>
              <button
                type="button"
                className={`${controls.button} ${controls.small}`}
                onClick={onFrame(saveFrame, t('frameSaved'))}
              >
                {t('frameSave')}
              </button>
              <button
                type="button"
                className={`${controls.button} ${controls.small}`}
                onClick={onFrame(chooseFrameAsThumbnail, t('frameThumbnailSet'))}
              >
                {t('frameUseAsThumbnail')}
              </button>
              {item.thumbnail ? (
                <button
                  type="button"
                  className={`${controls.button} ${controls.small}`}
                  onClick={() =>
                    frameDone(
                      item.key,
                      send({ type: 'setThumbnail', entryId: item.entryId }),
                      t('frameThumbnailCleared'),
                    )
                  }
                >
                  {t('frameThumbnailReset')}
                </button>
              ) : null}
            </div>
          ) : null}
          {frame?.key === item.key ? (
            frame.error ? (
              <ErrorMessage inline>{frame.error}</ErrorMessage>
            ) : (
              <StatusMessage tone="success" inline>
                {frame.done}
              </StatusMessage>
            )
          ) : null}
          {curate ? (
            <div className={styles.nav}>
              <FavouriteButton entryId={item.entryId} prompt={item.prompt} favourite={item.favourite} />
              <EntryCollections entryId={item.entryId} prompt={item.prompt} collections={item.collections} />
              <button
                type="button"
                className={`${controls.button} ${controls.small}`}
                aria-expanded={saving.key === item.key}
                onClick={() => setSaving({ key: saving.key === item.key ? '' : item.key })}
              >
                {t('librarySave')}
              </button>
            </div>
          ) : null}
          {curate && saving.key === item.key ? (
            <SaveToLibrary
              prompt={{
                text: item.prompt,
                kind: item.kind,
                ...(item.options ? { options: item.options } : {}),
                ...(item.model ? { model: item.model } : {}),
              }}
              onSaved={(name) => setSaving({ key: '', saved: t('librarySaved', name) })}
              onCancel={() => setSaving({ key: '' })}
            />
          ) : null}
          {saving.saved ? (
            <StatusMessage tone="success" inline>
              {saving.saved}
            </StatusMessage>
          ) : null}
          {count > 1 ? (
            <div className={styles.nav}>
              <button type="button" className={controls.button} onClick={() => step(-1)}>
                {t('mediaViewerPrevious')}
              </button>
              <button type="button" className={controls.button} onClick={() => step(1)}>
                {t('mediaViewerNext')}
              </button>
            </div>
          ) : null}
        </div>
      ) : null}
    </dialog>
  );
}
