import type { MediaFileRef } from '../../copies/page/use-media-source';
import { encodedFrame, FrameProblem, frameCanvas } from '../../downloads/page/save-frame';
import { t } from '../../i18n';
import { send } from '../../messaging/send';
import { THUMBNAIL_MAX_CHARS, THUMBNAIL_MAX_SIDE } from '../thumbnail';

function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

/**
 * The frame the video shows as a thumbnail: at most THUMBNAIL_MAX_SIDE, WebP where the browser writes it
 * (else JPEG), and a frame too detailed for the size a thumbnail may take is tried once more at lower quality.
 */
export async function frameThumbnail(video: HTMLVideoElement): Promise<string> {
  const canvas = frameCanvas(video, THUMBNAIL_MAX_SIDE);
  for (const quality of [0.82, 0.45]) {
    let blob = await encodedFrame(canvas, 'image/webp', quality);
    // A browser that does not write WebP hands back a PNG, far larger at this size than a JPEG.
    if (blob.type !== 'image/webp') blob = await encodedFrame(canvas, 'image/jpeg', quality);
    const url = await dataUrlOf(blob);
    if (url.length <= THUMBNAIL_MAX_CHARS) return url;
  }
  throw new FrameProblem(t('thumbnailTooBig'));
}

/** The frame shown (the caller pauses the video first) becomes the file's picture in lists and grids. */
export async function chooseFrameAsThumbnail(video: HTMLVideoElement, file: MediaFileRef): Promise<void> {
  const image = await frameThumbnail(video);
  await send({ type: 'setThumbnail', entryId: file.entryId, thumbnail: { index: file.index, image } });
}
