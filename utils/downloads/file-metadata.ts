import type { HistoryEntry } from '../history/schema';
import { profileOf } from '../profiles/first-profile';
import { isPng, withPngText } from './png-text';

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
 * A file's bytes as saved: a PNG carries its entry's prompt, model and date in text chunks when the person
 * asked for it (`promptInFiles`); every other file, and a PNG when they did not, is saved as it came.
 */
export function describedBytes(bytes: Uint8Array, entry: DescribedEntry, promptInFiles: boolean): Uint8Array {
  if (!promptInFiles || !isPng(bytes)) return bytes;
  return withPngText(bytes, [
    ['parameters', parametersText(entry)],
    ['promptcast', promptcastText(entry)],
  ]);
}

/** `describedBytes` for a kept copy: the same Blob when nothing is to be written. */
export async function describedFile(
  copy: Blob,
  entry: DescribedEntry,
  promptInFiles: boolean,
): Promise<Blob> {
  if (!promptInFiles) return copy;
  const bytes = new Uint8Array(await copy.arrayBuffer());
  const described = describedBytes(bytes, entry, promptInFiles);
  return described === bytes ? copy : new Blob([described as BlobPart], { type: copy.type || 'image/png' });
}
