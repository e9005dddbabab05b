import { resumeWaiting } from '@/utils/batch/background';
import { applyDropRule } from '@/utils/history/background';
import { writeKeyStatus } from '@/utils/keys/background';
import { settleCosts } from '@/utils/spend/background';
import { isQuotaError, toErrorInfo } from '../error-info';
import { compactLedger } from '../spend/ledger-db';
import type { Context } from './context';

/** A copy store that cannot be opened must not keep jobs from being polled. */
async function recoverCopies(ctx: Context): Promise<void> {
  try {
    await ctx.copies.recover();
  } catch (error) {
    console.warn('Interrupted copies not recovered:', error);
  }
}

/**
 * Settles what a stopped worker left and re-arms polling. onInstalled, onStartup and the script's own
 * start all ask for it; the first call runs it and the others share that run, once per worker start.
 */
export function createStartup(ctx: Context) {
  let started: Promise<void> | undefined;

  async function resumeOnce(): Promise<void> {
    try {
      // Key status written by an older version (or never) is brought in line with the stored key; after a
      // browser restart, a passphrase lock reads as locked from here.
      await writeKeyStatus();
      // The first history read: the migration of the storage.local array runs before it.
      await ctx.tracker.recoverInterrupted();
      await applyDropRule(ctx);
      await compactLedger(await ctx.historyDb(), ctx.platform.now()).catch((error: unknown) =>
        console.warn('Spend ledger not compacted:', error),
      );
      await resumeWaiting(ctx);
      await recoverCopies(ctx);
    } catch (error) {
      if (!isQuotaError(error)) throw error;
      await ctx.announcer.storageFull(toErrorInfo(error));
    } finally {
      await ctx.tracker.tick();
      // A generation that ended while its worker was stopped still has its "before" reading to settle.
      void settleCosts(ctx).catch(() => undefined);
      // A run or a restore a stopped worker left is continued by its alarm, armed again in case it went.
      void ctx.backup.rearm().catch(() => undefined);
    }
  }

  return function resume(): Promise<void> {
    started ??= resumeOnce();
    return started;
  };
}
