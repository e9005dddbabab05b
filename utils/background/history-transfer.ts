import { historyFileText, readHistoryFile } from '../history/transfer';
import type { RequestOf, ResponseData } from '../messaging/protocol';
import { validSettingsItem } from '../settings/store';
import type { Context } from './context';

/**
 * Saves the history as a JSON file through the downloads API: from a Blob where the background can make a
 * blob: URL (Firefox refuses data: URLs), else from a data: URL (Chrome's worker has no
 * `URL.createObjectURL`). Building
 * it here keeps the page a sender of commands, and the answer comes once the file is on disk, so the page
 * can say so or show the browser's reason.
 */
export async function exportHistory(
  ctx: Context,
  ids?: readonly string[],
): Promise<ResponseData['exportHistory']> {
  // Named entries come by id, as the page chose them; the whole history only when none are named.
  const entries = ids ? await ctx.history.find({ ids }) : await ctx.history.read();
  const now = ctx.platform.now();
  const text = historyFileText(entries, now);
  const filename = `promptcast-history-${new Date(now).toISOString().slice(0, 10)}.json`;
  await ctx.platform.download([
    ctx.platform.savesBlobs
      ? { filename, blob: new Blob([text], { type: 'application/json' }) }
      : { filename, url: `data:application/json;charset=utf-8,${encodeURIComponent(text)}` },
  ]);
  return { exported: entries.length };
}

/**
 * Adds a history file's entries whose ids are new; a file that does not check out changes nothing. An import
 * that would push stored entries out at the cap only says how many, until the person allows that many; the
 * copies of entries pushed out are freed before the answer.
 */
export async function importHistory(
  ctx: Context,
  { file, removeUpTo = 0 }: RequestOf<'importHistory'>,
): Promise<ResponseData['importHistory']> {
  const entries = readHistoryFile(file, ctx.platform.now());
  const { historyLimit } = await validSettingsItem.getValue();
  const outcome = await ctx.history.importMissing(entries, { limit: historyLimit, removeUpTo });
  if (!outcome.applied) return { imported: false, adding: outcome.adding, removing: outcome.removing };
  // The answer says the copies went with the entries: it waits for the freeing the store's drop began.
  if (outcome.removing > 0) await ctx.copies.droppedFreed();
  return { imported: true, added: outcome.adding, skipped: outcome.skipped, removed: outcome.removing };
}
