import { AppError } from '../error-info';
import { keptCopyOf } from '../media/copies';
import { backgroundSavesBlobs, type DownloadFile } from '../media/download';
import { describedFile, withProfileName } from '../media/file-metadata';
import { entryFileName } from '../media/file-name';
import type { RequestOf, ResponseData } from '../messaging/protocol';
import { profileNames } from '../profiles/first-profile';
import type { Context } from './context';
import { readProfiles } from './profile-store';

/**
 * Saves an entry's file (or, without an index, every file) through the browser's downloads API: from the URL
 * the service gave, which works for any media host, CORS or not, and the page never navigates away; or, where
 * this background saves kept copies (Firefox), from the copy. Answers once the files are on disk, so a failed
 * download reaches the page with the browser's reason.
 */
export async function downloadEntry(
  ctx: Context,
  { entryId, index }: RequestOf<'download'>,
): Promise<ResponseData['download']> {
  const entry = await ctx.history.get(entryId);
  if (!entry || entry.urls.length === 0) {
    throw new AppError('invalid_input', 'This entry has no files to download.');
  }
  const indexes = index === undefined ? [...entry.urls.keys()] : [index];
  const missing = indexes.find((at) => entry.urls[at] === undefined);
  if (missing !== undefined) {
    throw new AppError('invalid_input', `This entry has no file number ${missing + 1}.`);
  }
  const { settings, profiles } = await readProfiles();
  const { promptInFiles, fileNameTemplate } = settings;
  const names = profileNames(profiles.list);
  // Only a background that saves kept copies itself (Firefox's) writes the prompt into them; Chrome's pages
  // save the copies, and its worker's bundle is left without the PNG writer.
  const describe = backgroundSavesBlobs
    ? (copy: Blob) => describedFile(copy, withProfileName(entry, names), promptInFiles)
    : async (copy: Blob) => copy;
  const files = await Promise.all(
    indexes.map(async (at): Promise<DownloadFile> => {
      const copy = ctx.platform.savesBlobs ? await keptCopyOf(entry.id, at) : undefined;
      const filename = entryFileName(entry, at, copy?.type, fileNameTemplate);
      return copy ? { filename, blob: await describe(copy) } : { filename, url: entry.urls[at] ?? '' };
    }),
  );
  await ctx.platform.download(files);
  return { started: files.length };
}
