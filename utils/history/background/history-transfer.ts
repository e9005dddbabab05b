import type { Context } from '../../background/context';
import type { RequestOf, ResponseData } from '../../messaging/protocol';
import { validSettingsItem } from '../../settings/store';

/**
 * Adds the entries of a history file (checked by the page that read it) whose ids are new. An import
 * that would push stored entries out at the cap only says how many, until the person allows that many; the
 * copies of entries pushed out are freed before the answer.
 */
export async function importHistory(
  ctx: Context,
  { entries, removeUpTo = 0 }: RequestOf<'importHistory'>,
): Promise<ResponseData['importHistory']> {
  const { historyLimit } = await validSettingsItem.getValue();
  const outcome = await ctx.history.importMissing(entries, { limit: historyLimit, removeUpTo });
  if (!outcome.applied) return { imported: false, adding: outcome.adding, removing: outcome.removing };
  // The answer says the copies went with the entries: it waits for the freeing the store's drop began.
  if (outcome.removing > 0) await ctx.copies.droppedFreed();
  return { imported: true, added: outcome.adding, skipped: outcome.skipped, removed: outcome.removing };
}
