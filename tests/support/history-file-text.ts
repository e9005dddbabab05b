import type { HistoryEntry } from '../../utils/history/schema';
import { historyFileWriter } from '../../utils/history/transfer';
import type { LibraryPrompt } from '../../utils/library/schema';

/** The export file of these entries (newest first, as the history reads them), whole, as the page writes it. */
export function historyFileText(
  entries: readonly HistoryEntry[],
  exportedAt: number,
  library?: readonly LibraryPrompt[],
): string {
  const writer = historyFileWriter(exportedAt, library);
  return entries.length === 0 ? writer.empty : `${writer.head}${writer.entries(entries, true)}${writer.tail}`;
}
