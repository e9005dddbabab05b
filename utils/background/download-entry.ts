import { AppError } from '../error-info';
import { mediaFileName } from '../media/file-name';
import type { RequestOf, ResponseData } from '../messaging/protocol';
import type { Context } from './context';

/**
 * Saves an entry's file (or, without an index, every file) from the URL the service gave, through the
 * browser's downloads API: it works for any media host, CORS or not, and the page never navigates away.
 * Answers once the files are on disk, so a failed download reaches the page with the browser's reason.
 */
export async function downloadEntry(
  ctx: Context,
  { entryId, index }: RequestOf<'download'>,
): Promise<ResponseData['download']> {
  const entry = (await ctx.history.read()).find((item) => item.id === entryId);
  if (!entry || entry.urls.length === 0) {
    throw new AppError('invalid_input', 'This entry has no files to download.');
  }
  const indexes = index === undefined ? [...entry.urls.keys()] : [index];
  const files = indexes.map((at) => {
    const url = entry.urls[at];
    if (url === undefined) throw new AppError('invalid_input', `This entry has no file number ${at + 1}.`);
    const n = entry.urls.length > 1 ? { n: at + 1 } : {};
    return {
      url,
      filename: mediaFileName({
        prompt: entry.prompt,
        createdAt: entry.createdAt,
        kind: entry.kind,
        url,
        ...n,
      }),
    };
  });
  await ctx.platform.download(files);
  return { started: files.length };
}
