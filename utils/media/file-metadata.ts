import type { HistoryEntry } from '../history/schema';
import { isPng, withPngText } from './png-text';

/** What a saved file tells of the entry it came from: never the key, nor the service's URL. */
export type DescribedEntry = Pick<HistoryEntry, 'prompt' | 'model' | 'kind' | 'createdAt' | 'options'>;

/** A value of AUTOMATIC1111's `Key: value, …` line, quoted where a comma or colon would split it. */
const infoValue = (value: string) => (/[,:"\n]/.test(value) ? JSON.stringify(value) : value);

/**
 * AUTOMATIC1111's `parameters` text: the prompt, then one line of `Key: value` pairs, which its PNG Info tab
 * and the tools that copy it (ComfyUI, InvokeAI, civitai) read.
 */
export function parametersText(entry: DescribedEntry): string {
  const info = [
    ...(entry.model ? [`Model: ${infoValue(entry.model)}`] : []),
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
