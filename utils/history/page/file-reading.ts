import { AppError } from '../../error-info';
import type { ErrorInfo } from '../../errors';
import { readHistoryEntries } from '../transfer';

/**
 * What the thread reading a chosen file tells the page: its entries as stored entries, in a JSON Blob the
 * page passes on unread (taking in 50,000 entries as objects, or sending them, held the page for hundreds
 * of milliseconds), with their count and the file's library part, unread; or why the file is not taken.
 */
export type FileReading =
  | { type: 'read'; entries: Blob; count: number; library: unknown }
  | { type: 'refused'; info: ErrorInfo }
  | { type: 'notJson' };

/** A file's text read and checked whole, as the message the page is sent. */
export function fileReading(text: string, now: number): FileReading {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { type: 'notJson' };
  }
  let read: ReturnType<typeof readHistoryEntries>;
  try {
    read = readHistoryEntries(json, now);
  } catch (failure) {
    if (!(failure instanceof AppError)) throw failure;
    return { type: 'refused', info: failure.info };
  }
  const entries = new Blob([JSON.stringify(read.entries)], { type: 'application/json' });
  return { type: 'read', entries, count: read.entries.length, library: read.library };
}
