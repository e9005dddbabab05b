import { entriesOfFile } from '../../../utils/ui/history-file';
import type { BackgroundHarness } from './background-app';

/**
 * An import as the person makes it: the page checks the file (refusing it as a whole, with the first
 * problem), then sends the background its entries.
 */
export async function importFile(
  app: BackgroundHarness['app'],
  { file, removeUpTo }: { file: unknown; removeUpTo?: number },
) {
  const entries = entriesOfFile(file);
  return app.handlers.importHistory({
    type: 'importHistory',
    entries,
    ...(removeUpTo === undefined ? {} : { removeUpTo }),
  });
}
