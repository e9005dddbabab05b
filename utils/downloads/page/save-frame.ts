import type { MediaItem } from '../../copies/page/media-items';
import { t } from '../../i18n';
import { saveBlob } from '../download';
import { describedBytes, withProfileName } from '../file-metadata';
import { mediaFileName } from '../file-name';
import { savedFileChoices } from './saved-file-choices';

/** Why this frame cannot be saved, worded for the person (not a failure of the extension or the service). */
export class FrameProblem extends Error {}

/**
 * The frame `video` shows, drawn on a canvas whose longest side is at most `maxSide` (by default the video's
 * own resolution, not the size it is shown at).
 */
export function frameCanvas(video: HTMLVideoElement, maxSide = Number.POSITIVE_INFINITY): HTMLCanvasElement {
  const scale = Math.min(1, maxSide / Math.max(video.videoWidth, video.videoHeight));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(video.videoWidth * scale);
  canvas.height = Math.round(video.videoHeight * scale);
  const context = canvas.getContext('2d');
  if (!context || canvas.width === 0 || canvas.height === 0) throw new FrameProblem(t('frameNotLoaded'));
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return canvas;
}

/**
 * The canvas encoded as `type`. A video from a host without CORS and not kept in the extension cannot be read
 * by the page (the canvas is tainted): that says so, with what to do.
 */
export async function encodedFrame(canvas: HTMLCanvasElement, type: string, quality?: number): Promise<Blob> {
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality)).catch(
    () => null,
  );
  if (!blob) throw new FrameProblem(t('frameNotReadable'));
  return blob;
}

/** The frame `video` shows, as PNG bytes at the video's own resolution. */
async function framePng(video: HTMLVideoElement): Promise<Uint8Array> {
  const blob = await encodedFrame(frameCanvas(video), 'image/png');
  return new Uint8Array(await blob.arrayBuffer());
}

/**
 * Saves the frame the video shows as a PNG named by the person's template, carrying its entry's prompt, model
 * and date as the history's saved PNGs do (when the person wants them in files).
 */
export async function saveFrame(video: HTMLVideoElement, item: MediaItem): Promise<void> {
  const [png, { promptInFiles, fileNameTemplate, profileNames }] = await Promise.all([
    framePng(video),
    savedFileChoices(),
  ]);
  const bytes = await describedBytes(png, withProfileName(item, profileNames), promptInFiles);
  const filename = mediaFileName(
    {
      prompt: item.prompt,
      createdAt: item.createdAt,
      kind: item.kind,
      model: item.model,
      url: item.url,
      contentType: 'image/png',
      ...(item.files > 1 ? { n: item.index + 1 } : {}),
    },
    fileNameTemplate,
  );
  await saveBlob(new Blob([bytes as BlobPart], { type: 'image/png' }), filename);
}
