import { readProfiles } from '@/utils/profiles/background';
import type { Context } from '../../background/context';
import { keptCopyOf } from '../../copies/copies';
import { AppError } from '../../error-info';
import type { RequestOf, ResponseData } from '../../messaging/protocol';
import { profileNames } from '../../profiles/first-profile';
import type { DownloadFile } from '../download';
import { describedFile, withProfileName } from '../file-metadata';
import { entryFileName } from '../file-name';
import { backgroundSavesBlobs } from '../saves-in-background';

/**
 * Saves an entry's file (or, without an index, every file) through the browser's downloads API, where the
 * background saves files (Firefox): from the kept copy, else from the URL the service gave, which works for
 * any media host, CORS or not. Answers once the files are on disk, so a failed download reaches the page with
 * the browser's reason.
 */
export async function downloadEntry(
  ctx: Context,
  { entryId, index }: RequestOf<'download'>,
): Promise<ResponseData['download']> {
  // Chrome's pages save files themselves (utils/downloads/page/download-actions.ts): this leaves its worker's bundle.
  if (!backgroundSavesBlobs) throw new AppError('invalid_request');
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
  const named = withProfileName(entry, profileNames(profiles.list));
  const files = await Promise.all(
    indexes.map(async (at): Promise<DownloadFile> => {
      const copy = await keptCopyOf(entry.id, at);
      const filename = entryFileName(entry, at, copy?.type, fileNameTemplate);
      return copy
        ? { filename, blob: await describedFile(copy, named, promptInFiles) }
        : { filename, url: entry.urls[at] ?? '' };
    }),
  );
  await ctx.platform.download(files);
  return { started: files.length };
}
