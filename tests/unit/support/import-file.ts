import { contentsOfFile } from '../../../utils/history/page/history-file';
import type { BackgroundHarness } from './background-app';

/**
 * An import as the person makes it: the page checks the whole file (refusing it as a whole, with the first
 * problem), then sends the background its entries and, once they are in, its library prompts.
 */
export async function importFile(
  app: BackgroundHarness['app'],
  { file, removeUpTo }: { file: unknown; removeUpTo?: number },
) {
  const { entries, prompts } = await contentsOfFile(file);
  const answer = await app.handlers.importHistory({
    type: 'importHistory',
    entries,
    ...(removeUpTo === undefined ? {} : { removeUpTo }),
  });
  if (answer.imported && prompts.length > 0) {
    await app.handlers.importLibrary({ type: 'importLibrary', prompts, replace: false });
  }
  return answer;
}
