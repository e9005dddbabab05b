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
  const removed = await freeing(ctx, () => ctx.history.remove(id));
  await ctx.copies.forget(id);
  return { removed };
}

export async function clearHistory(ctx: Context): Promise<ResponseData['clearHistory']> {
  const removed = await freeing(ctx, () => ctx.history.clearFinished());
  await ctx.copies.forgetRemoved();
  return { removed };
}
