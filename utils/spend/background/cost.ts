import { readBalance, refreshBalanceQuietly } from '@/utils/balance/background';
import { profileSettings } from '@/utils/profiles/background';
import type { Context } from '../../background/context';
import { storedBalanceItem } from '../../background/items';
import type { BalanceReading, HistoryEntry } from '../../history/schema';
import { createSerial } from '../../serial';
import { charging, settleSpending } from '../settle-spending';
import { tellSpending } from './budgets';

/**
 * The balance right before generations are sent, when nothing else is in flight; otherwise no reading
 * (the cost could not be told apart anyway). A failed reading only costs the figure, never the request.
 * `claim`: ids of what the reading is for, counted in flight from the moment this looks, in the same tick,
 * so a generation asked for meanwhile takes no reading of its own: two taken in one millisecond would pass
 * for one batch's, and split a charge neither could be told apart on. The caller records them, or takes
 * them out of `ctx.inFlight` should it not. The reading is dated from the claim: a generation asked for
 * after it may be recorded before the service answers, and must count in the span that reading starts.
 */
export async function balanceBeforeIfAlone(
  ctx: Context,
  claim: readonly string[],
): Promise<BalanceReading | undefined> {
  const claimedAt = ctx.platform.now();
  const alone = [...ctx.inFlight].every((id) => claim.includes(id));
  for (const id of claim) ctx.inFlight.add(id);
  if (!alone) return undefined;
  const running = await ctx.history.find({ status: 'running' });
  // What was claimed is not recorded yet, or (a compared entry) still waits, which charges nothing.
  if (running.some(charging)) return undefined;
  try {
    return (await readBalance(ctx, claimedAt)).reading;
  } catch {
    return undefined;
  }
}

/**
 * Reads the balance after finished entries that hold a reading from before, and stores what each cost with
 * its charge in the spend ledger (settle-spending.ts), or drops the reading when that cannot be known. Undefined when no entry waited for it, so the caller
 * refreshes the balance its usual way; otherwise the entries as stored now.
 */
export function settleCosts(ctx: Context): Promise<HistoryEntry[] | undefined> {
  return oneAtATime(() => settleCostsNow(ctx));
}

/**
 * One settling at a time in a worker (the module lives as long as the worker): two at once would read the
 * balance together, the later-asked reading would refuse the earlier one's write, and the run holding that
 * refused reading would drop a cost the other could have stored.
 */
const oneAtATime = createSerial();

async function settleCostsNow(ctx: Context): Promise<HistoryEntry[] | undefined> {
  const waiting = await ctx.history.find({ costPending: true });
  if (waiting.length === 0) return undefined;
  const after = await readBalance(ctx).catch(() => undefined);
  // Read after the reading: any generation the service could have charged before it is recorded by now.
  // A reading before is taken only while nothing runs, so only entries created since the earliest one can
  // overlap a span, besides those running now.
  const from = Math.min(...waiting.map((entry) => entry.balanceBefore?.at ?? entry.createdAt));
  const [since, running] = await Promise.all([
    ctx.history.find({ sentSince: from }),
    ctx.history.find({ status: 'running' }),
  ]);
  const around = [...since, ...running.filter((entry) => (entry.sentAt ?? entry.createdAt) < from)];
  const reading = after && { value: after.value, at: after.fetchedAt, account: after.reading.account };
  return ctx.history.settle({ ids: waiting.map((entry) => entry.id) }, (pending) =>
    settleSpending(pending, around, reading),
  );
}

/** After generations ended: their costs where one waits for the reading, else just the fresh balance. */
export async function settleCostsOrRefresh(ctx: Context): Promise<void> {
  const settled = await settleCosts(ctx).catch(() => undefined);
  if (!settled) await refreshBalanceQuietly(ctx);
  // With the costs and the balance as they are now; a notice that fails must not fail the generation.
  await Promise.all([profileSettings(), storedBalanceItem.getValue()])
    .then(([profile, stored]) => tellSpending(ctx, profile, stored.balance?.value))
    .catch((error: unknown) => console.warn('Spending not checked:', error));
}
