import { zipSync } from 'fflate';
import { keptCopy } from '../../copies/kept-copy';
import { requestMedia } from '../../copies/media-request';
import { saveBlob } from '../../downloads/download';
import { type DescribedEntry, describedBytes, withProfileName } from '../../downloads/file-metadata';
import { entryFileName, type NamedEntry } from '../../downloads/file-name';
import type { SavedFileChoices } from '../../downloads/page/saved-file-choices';
import { hasHostAccess } from '../../host-access';
import { parseHttpUrl } from '../../http-url';

/*
 * *Download as zip* of the history page's selection. This module carries fflate, so the page imports it only
 * in the click (`import('./history-zip')`) and its first bundle stays as it was.
 */

export interface ZipEntry extends NamedEntry, DescribedEntry {
  id: string;
  profileId?: string | undefined;
}

/** One file's bytes for the zip, with the type they were served or kept with (it names the extension). */
export interface ZipFile {
  entry: ZipEntry;
  index: number;
  type: string;
  bytes: Uint8Array;
}

/** A file that could not be put in the zip, and why: the person is told which. */
export interface SkippedFile {
  entry: ZipEntry;
  index: number;
  reason: 'no_access' | 'failed';
}

/** `name.ext` again as `name-2.ext`, `name-3.ext`…: two entries with one prompt and one day share a name. */
function unique(name: string, taken: Set<string>): string {
  let candidate = name;
  const dot = name.lastIndexOf('.');
  for (let n = 2; taken.has(candidate); n++) candidate = `${name.slice(0, dot)}-${n}${name.slice(dot)}`;
  taken.add(candidate);
  return candidate;
}

/**
 * The zip of these files, each named as a single download of it would be. Stored, not deflated: images and
 * videos are compressed already, and deflating them would cost seconds for nothing.
 */
export function zipFiles(files: readonly ZipFile[], template?: string): Uint8Array {
  const taken = new Set<string>();
  const tree: Record<string, [Uint8Array, { level: 0 }]> = {};
  for (const file of files) {
    tree[unique(entryFileName(file.entry, file.index, file.type, template), taken)] = [
      file.bytes,
      { level: 0 },
    ];
  }
  return zipSync(tree);
}

/** The kept copy, else the service's file where the extension may read its host; why not otherwise. */
async function readFile(entry: ZipEntry, index: number): Promise<ZipFile | SkippedFile> {
  const copy = await keptCopy(entry.id, index);
  if (copy) return { entry, index, type: copy.type, bytes: new Uint8Array(await copy.arrayBuffer()) };
  const url = parseHttpUrl(entry.urls[index] ?? '');
  if (!url || !(await hasHostAccess(url.href))) return { entry, index, reason: 'no_access' };
  try {
    const response = await requestMedia(url);
    if (!response.ok) return { entry, index, reason: 'failed' };
    const type = response.headers.get('content-type') ?? '';
    return { entry, index, type, bytes: new Uint8Array(await response.arrayBuffer()) };
  } catch {
    return { entry, index, reason: 'failed' };
  }
}

/** What went in the zip and what was left out. */
export interface ZipOutcome {
  saved: number;
  skipped: SkippedFile[];
}

/**
 * Reads every file of the entries one at a time (a selection of videos must not hold them all in memory
 * twice over while they are read), zips and saves them as one download, each PNG with its prompt written in
 * when `promptInFiles`, each named by the person's template. Nothing is saved when no file could be read.
 */
export async function downloadZip(
  entries: readonly ZipEntry[],
  zipName: string,
  { promptInFiles, fileNameTemplate, profileNames }: SavedFileChoices,
): Promise<ZipOutcome> {
  const files: ZipFile[] = [];
  const skipped: SkippedFile[] = [];
  for (const entry of entries) {
    for (let index = 0; index < entry.urls.length; index++) {
      const read = await readFile(entry, index);
      if ('bytes' in read) {
        const described = withProfileName(entry, profileNames);
        files.push({ ...read, bytes: await describedBytes(read.bytes, described, promptInFiles) });
      } else skipped.push(read);
    }
  }
  if (files.length > 0) {
    const zip = zipFiles(files, fileNameTemplate);
    await saveBlob(new Blob([zip.buffer as ArrayBuffer], { type: 'application/zip' }), zipName);
  }
  return { saved: files.length, skipped };
}
