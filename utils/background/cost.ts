import type { BalanceReading, HistoryEntry } from '../history/schema';
import { createSerial } from '../serial';
import { readBalance, refreshBalanceQuietly } from './balance';
import { tellSpending } from './budgets';
import type { Context } from './context';
import { storedBalanceItem } from './items';
import { profileSettings } from './run-entry';

/**
 * What a generation cost, from the balance before and after it. The difference belongs to this entry
 * only if the service charged nothing else meanwhile, so any other entry whose run overlaps the span
 * between the two readings, or a reading of another account, leaves the cost unknown. A batch is read
 * before as a whole and after its last prompt ended: what it cost together is shared among its results.
 */

/** From its start until it ended; a running entry may still be charged for. */
function overlaps(entry: HistoryEntry, from: number, to: number): boolean {
  const end = entry.status === 'running' ? Number.POSITIVE_INFINITY : (entry.finishedAt ?? entry.createdAt);
  return entry.createdAt <= to && end >= from;
}

export function costOf(
  entry: HistoryEntry,
  history: readonly HistoryEntry[],
  after: { value: number; fetchedAt: number; reading: BalanceReading },
): number | undefined {
  const before = entry.balanceBefore;
  if (!before || entry.status !== 'completed') return undefined;
  const { account } = after.reading;
  if (before.account.origin !== account.origin || before.account.keyId !== account.keyId) return undefined;
  const together = (other: HistoryEntry) => other.id === entry.id || sameBatch(entry, other);
  if (history.some((other) => !together(other) && overlaps(other, before.at, after.fetchedAt)))
    return undefined;
  const cost = before.value - after.value;
  if (!Number.isInteger(cost) || cost < 0) return undefined;
  // Whole credits that add up to the batch's cost: the first results take the remainder, one each.
  const made = history.filter((other) => together(other) && other.status === 'completed');
  const share = Math.floor(cost / (made.length || 1));
  return share + (made.findIndex((other) => other.id === entry.id) < cost % (made.length || 1) ? 1 : 0);
}

const sameBatch = (entry: HistoryEntry, other: HistoryEntry) =>
  entry.batchId !== undefined && other.batchId === entry.batchId;

/**
 * The balance right before a generation is sent, when nothing else is in flight; otherwise no reading
 * (the cost could not be told apart anyway). A failed reading only costs the figure, never the request.
 */
export async function balanceBeforeIfAlone(ctx: Context): Promise<BalanceReading | undefined> {
  if (ctx.inFlight.size > 0) return undefined;
  if ((await ctx.history.find({ status: 'running' })).length > 0) return undefined;
  try {
    return (await readBalance(ctx)).reading;
  } catch {
    return undefined;
  }
}

/**
 * Reads the balance after finished entries that hold a reading from before, and stores what each cost
 * (or drops the reading when that cannot be known). Undefined when no entry waited for it, so the caller
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
    ctx.history.find({ since: from }),
    ctx.history.find({ status: 'running' }),
  ]);
  const history = [...since, ...running.filter((entry) => entry.createdAt < from)];
  return ctx.history.patchMany({ ids: waiting.map((entry) => entry.id) }, (entry) => {
    // A batch's reading waits for its last prompt to end.
    if (!entry.balanceBefore || running.some((other) => sameBatch(entry, other))) return undefined;
    const { balanceBefore: _, ...settled } = entry;
    const cost = after && costOf(entry, history, after);
    return cost === undefined ? settled : { ...settled, cost };
  });
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
