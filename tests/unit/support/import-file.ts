import { AppError } from '../../../utils/error-info';
import { fileReading } from '../../../utils/history/page/file-reading';
import { checkedContents } from '../../../utils/history/page/history-file';
import type { BackgroundHarness } from './background-app';

/**
 * An import as the person makes it: the page's file-reading thread checks the entries, the page the library
 * part (refusing the whole file, with the first problem); then the background is sent the entries by their
 * Blob's URL and, once they are in, the library prompts.
 */
export async function importFile(
  app: BackgroundHarness['app'],
  { file, removeUpTo }: { file: unknown; removeUpTo?: number },
) {
  const read = fileReading(JSON.stringify(file), Date.now());
  if (read.type === 'notJson') throw new Error('not JSON');
  if (read.type === 'refused') throw AppError.from(read.info);
  const { prompts } = await checkedContents(read.entries, read.count, read.library);
  const url = URL.createObjectURL(read.entries);
  const answer = await app.handlers
    .importHistory({
      type: 'importHistory',
      entries: url,
      ...(removeUpTo === undefined ? {} : { removeUpTo }),
    })
    .finally(() => URL.revokeObjectURL(url));
  if (answer.imported && prompts.length > 0) {
    await app.handlers.importLibrary({ type: 'importLibrary', prompts, replace: false });
  }
  return answer;
}
