import * as z from 'zod/mini';
import type { Context } from '../../background/context';
import type { RequestOf, ResponseData } from '../../messaging/protocol';
import { validSettingsItem } from '../../settings/store';
import { historyEntrySchema } from '../schema';

/** As many as the history keeps at its largest cap. */
const importedEntries = z.array(historyEntrySchema).check(z.maxLength(50_000));

/**
 * Adds the entries of a history file (checked by the page that read it, and checked again here as stored
 * entries: the Blob is the page's word) whose ids are new. An import
 * that would push stored entries out at the cap only says how many, until the person allows that many; the
 * copies of entries pushed out are freed before the answer.
 */
export async function importHistory(
  ctx: Context,
  { entries: file, removeUpTo = 0 }: RequestOf<'importHistory'>,
): Promise<ResponseData['importHistory']> {
  const entries = importedEntries.parse(await (await fetch(file)).json());
  const { historyLimit } = await validSettingsItem.getValue();
  const outcome = await ctx.history.importMissing(entries, { limit: historyLimit, removeUpTo });
  if (!outcome.applied) return { imported: false, adding: outcome.adding, removing: outcome.removing };
  // The answer says the copies went with the entries: it waits for the freeing the store's drop began.
  if (outcome.removing > 0) await ctx.copies.droppedFreed();
  return { imported: true, added: outcome.adding, skipped: outcome.skipped, removed: outcome.removing };
}
