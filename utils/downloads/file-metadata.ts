import type { HistoryEntry } from '../history/schema';
import { profileOf } from '../profiles/first-profile';
import { isJpeg, withJpegMetadata } from './jpeg-metadata';
import { isMp4, withMp4Xmp, withMp4XmpBytes } from './mp4-metadata';
import { isPng, PNG_XMP_KEYWORD, withPngText } from './png-text';
import { isWebp, withWebpXmp } from './webp-metadata';
import { xmpPacket } from './xmp-packet';

/**
 * What a saved file tells of the entry it came from: never the key, nor the service's URL; the profile only
 * by the name the person gave it.
 */
export type DescribedEntry = Pick<HistoryEntry, 'prompt' | 'model' | 'kind' | 'createdAt' | 'options'> & {
  profileName?: string | undefined;
};

/** The entry with the name of the profile it was made with, from the profiles' names by id. */
export function withProfileName<T extends Pick<HistoryEntry, 'profileId'>>(
  entry: T,
  profileNames: Readonly<Record<string, string>>,
): T & { profileName?: string } {
  const profileName = profileNames[profileOf(entry)];
  return profileName === undefined ? entry : { ...entry, profileName };
}

/** A value of AUTOMATIC1111's `Key: value, …` line, quoted where a comma or colon would split it. */
const infoValue = (value: string) => (/[,:"\n]/.test(value) ? JSON.stringify(value) : value);

/**
 * AUTOMATIC1111's `parameters` text: the prompt, then one line of `Key: value` pairs, which its PNG Info tab
 * and the tools that copy it (ComfyUI, InvokeAI, civitai) read.
 */
export function parametersText(entry: DescribedEntry): string {
  const info = [
    ...(entry.model ? [`Model: ${infoValue(entry.model)}`] : []),
    ...(entry.profileName ? [`Profile: ${infoValue(entry.profileName)}`] : []),
    `Created: ${new Date(entry.createdAt).toISOString()}`,
    'Generator: Promptcast',
  ];
  return `${entry.prompt}\n${info.join(', ')}`;
}

/** The same, whole, as Promptcast's own `promptcast` chunk: JSON that keeps every field apart. */
export function promptcastText(entry: DescribedEntry): string {
  return JSON.stringify({
    prompt: entry.prompt,
    model: entry.model,
    kind: entry.kind,
    ...(entry.profileName ? { profile: entry.profileName } : {}),
    createdAt: new Date(entry.createdAt).toISOString(),
    ...(entry.options ? { options: entry.options } : {}),
  });
}

/**
 * A file's bytes as saved. When the person wants what made a file written into it (`promptInFiles`, on for a
 * new install), every PNG, JPEG, WebP and MP4 gets XMP saying a model made it (IPTC's
 * `trainedAlgorithmicMedia`) with its prompt, model, profile name and date; a PNG also AUTOMATIC1111's
 * `parameters` text and Promptcast's own, a JPEG EXIF's ImageDescription. Everything else in the file, every
 * other format (WebM among them: its tags sit inside a sized segment that every index points past), and every
 * file when they did not ask, is saved as it came.
 */
export async function describedBytes(
  bytes: Uint8Array,
  entry: DescribedEntry,
  promptInFiles: boolean,
): Promise<Uint8Array> {
  if (!promptInFiles) return bytes;
  const xmp = xmpPacket(entry);
  if (isPng(bytes)) {
    return withPngText(bytes, [
      ['parameters', parametersText(entry)],
      ['promptcast', promptcastText(entry)],
      [PNG_XMP_KEYWORD, xmp],
    ]);
  }
  if (isJpeg(bytes)) return withJpegMetadata(bytes, xmp, entry.prompt);
  if (isWebp(bytes)) return withWebpXmp(bytes, xmp);
  if (isMp4(bytes)) return withMp4XmpBytes(bytes, xmp);
  return bytes;
}

/** Whether a file starting with `head` (its first 12 bytes) is an image `describedBytes` writes into. */
const describable = (head: Uint8Array) => isPng(head) || isJpeg(head) || isWebp(head);

/**
 * `describedBytes` for a kept copy: the same Blob when nothing was written. Only its first bytes are read to
 * tell, and only an MP4's box headers, so a long video is never read whole.
 */
export async function describedFile(
  copy: Blob,
  entry: DescribedEntry,
  promptInFiles: boolean,
): Promise<Blob> {
  if (!promptInFiles) return copy;
  const head = new Uint8Array(await copy.slice(0, 12).arrayBuffer());
  if (isMp4(head)) return withMp4Xmp(copy, xmpPacket(entry));
  if (!describable(head)) return copy;
  const bytes = new Uint8Array(await copy.arrayBuffer());
  const described = await describedBytes(bytes, entry, promptInFiles);
  return described === bytes ? copy : new Blob([described as BlobPart], { type: copy.type });
}
