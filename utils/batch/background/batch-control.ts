import { readProfiles } from '@/utils/profiles/background';
import { balanceBeforeIfAlone } from '@/utils/spend/background';
import type { Context } from '../../background/context';
import { AppError } from '../../error-info';
import type { RequestOf, ResponseData } from '../../messaging/protocol';
import { profileOf } from '../../profiles/first-profile';
import { endUnsent, resumeWaiting } from './batch';

/**
 * Pauses or resumes what of a batch is not sent yet. The mark is stored on each waiting entry in one
 * write, so a worker started later (after a stop or a browser restart) leaves a paused batch unsent too.
 */
export async function pauseBatch(
  ctx: Context,
  { batchId, paused }: RequestOf<'pauseBatch'>,
): Promise<ResponseData['pauseBatch']> {
  // Paused prompts leave the batch's reading from before: what the rest of it costs is settled without
  // them. Resumed, they share a reading of their own, taken now when nothing else runs (cost.ts).
  // Until its prompts are counted in flight themselves (resumeWaiting), the batch's id holds its reading's claim.
  try {
    const reading = paused ? undefined : await balanceBeforeIfAlone(ctx, [batchId]);
    const active = reading && (await readProfiles()).profiles.activeId;
    const changed = await ctx.history.patchMany({ batchId }, ({ paused: _, balanceBefore: __, ...entry }) => {
      if (!entry.waiting) return undefined;
      if (paused) return { ...entry, paused };
      return reading && profileOf(entry) === active ? { ...entry, balanceBefore: reading } : entry;
    });
    if (!paused) {
      await resumeWaiting(ctx);
      // Should this worker be stopped before it sends them, the alarm wakes the next one to do it.
      await ctx.tracker.reschedule();
    }
    return { changed: changed.length };
  } finally {
    ctx.inFlight.delete(batchId);
  }
}

/**
 * Cancels prompts of a batch that are not sent yet (all of them, or those named): they end as cancelled,
 * never sent. One already sent is left alone: the service has no way to cancel a request.
 */
export async function cancelBatchEntries(
  ctx: Context,
  { batchId, ids }: RequestOf<'cancelBatchEntries'>,
): Promise<ResponseData['cancelBatchEntries']> {
  const ended = await endUnsent(ctx, { batchId }, new AppError('cancelled'), ids);
  await ctx.tracker.reschedule();
  return { cancelled: ended.length };
}
