import type { ResponseData } from '../messaging/protocol';
import type { Context } from './context';

/** Removing entries may make room in a full storage, so a held-back polling pass is given its chance. */
async function freeing<T>(ctx: Context, change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } finally {
    await ctx.tracker.storageFreed();
  }
}

export async function removeHistoryEntry(
  ctx: Context,
  id: string,
): Promise<ResponseData['removeHistoryEntry']> {
  return { removed: await freeing(ctx, () => ctx.history.remove(id)) };
}

export async function clearHistory(ctx: Context): Promise<ResponseData['clearHistory']> {
  return { removed: await freeing(ctx, () => ctx.history.clearFinished()) };
}
