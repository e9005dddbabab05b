import type { ProfileSettings } from '@/utils/profiles/background';
import { notify } from '../../background/browser-effects';
import type { Context } from '../../background/context';
import { spendNoticesItem } from '../../background/items';
import { AppError } from '../../error-info';
import { formatCredits, t } from '../../i18n';
import type { Settings } from '../../settings/schema';
import {
  BUDGET_CHECK_MEASURES,
  type BudgetState,
  budgetStates,
  nearLimit,
  overBudget,
  periodDays,
  periodStarts,
} from '../budget';
import { type AskedCost, budgetReads } from '../ledger-db';

/**
 * This profile's day sums since the month began, where every budget's period starts (at most 31 records),
 * and what `asked` would likely cost.
 */
async function thisMonth(ctx: Context, profileId: string, asked?: readonly AskedCost[]) {
  const { month, day } = periodDays(ctx.platform.now());
  return budgetReads(await ctx.historyDb(), { profile: profileId, from: month, to: day }, asked);
}

const hasBudget = (settings: Settings) => settings.dailyBudget > 0 || settings.monthlyBudget > 0;

/**
 * Stops the `asked` generations before anything is recorded or sent when, by what the same requests cost
 * before, they would take a budget past its limit. The person may go on once (`overBudget` on the command);
 * the context menu's stop becomes a failed entry, told like any other failure.
 */
async function checkBudget(
  ctx: Context,
  { settings, profileId }: ProfileSettings,
  asked: readonly AskedCost[],
): Promise<void> {
  const started = performance.now();
  const { days, cost } = await thisMonth(ctx, profileId, asked);
  performance.measure(BUDGET_CHECK_MEASURES.reads, { start: started });
  const over = overBudget(budgetStates(settings, days, ctx.platform.now()), cost ?? 0);
  if (over)
    throw new AppError('over_budget', { budget: { ...over, ...(cost === undefined ? {} : { cost }) } });
}

/**
 * A generation's budget check: the requests it makes (one per model of a comparison), unless the person
 * chose to go over once.
 */
interface BudgetCheck {
  asked: readonly AskedCost[];
  overBudget?: boolean;
}

/**
 * Runs `start` (the rest of a generation's start: the lock, the key, the service's access) with the budget
 * check alongside, so the check's reads of the ledger overlap those reads instead of adding to them. Nothing
 * is sent by either; the budget's refusal is the one told when both refuse, as when they ran one after the other.
 */
export async function startWithinBudget<T>(
  ctx: Context,
  profile: ProfileSettings,
  check: BudgetCheck,
  start: () => Promise<T>,
): Promise<T> {
  if (check.overBudget || !hasBudget(profile.settings)) return start();
  let startEnded = 0;
  const [checked, started] = await Promise.allSettled([
    checkBudget(ctx, profile, check.asked),
    start().finally(() => {
      startEnded = performance.now();
    }),
  ]);
  // What the check added to this start: the wait for its verdict once everything else was ready.
  performance.measure(BUDGET_CHECK_MEASURES.added, { start: startEnded });
  if (checked.status === 'rejected') throw checked.reason;
  if (started.status === 'rejected') throw started.reason;
  return started.value;
}

/**
 * After spending was recorded: tells the person once per period when a budget passes 80 %, and once each
 * time the balance falls below their level. What was told is stored, so a restarted worker does not tell
 * it again, and a new day or month (or a balance back above the level) may be told afresh.
 */
export async function tellSpending(ctx: Context, profile: ProfileSettings, balance?: number): Promise<void> {
  const { settings, profileId } = profile;
  const stored = await spendNoticesItem.getValue();
  const notices = typeof stored === 'object' && stored ? stored : {};
  // Own keys only: a profile id is never one every object has (profiles/id.ts), and this stays so if one were.
  const told = (Object.hasOwn(notices, profileId) ? notices[profileId] : undefined) ?? {};
  const next = { ...told };
  if (hasBudget(settings)) {
    const now = ctx.platform.now();
    const starts = periodStarts(now);
    const states = budgetStates(settings, (await thisMonth(ctx, profileId)).days, now);
    for (const state of states.filter(nearLimit)) {
      if (told[state.period] === starts[state.period]) continue;
      await warn(profileId, state);
      next[state.period] = starts[state.period];
    }
  }
  const threshold = settings.lowBalanceBelow;
  if (balance !== undefined && threshold > 0) {
    const low = balance < threshold;
    if (low && !told.low)
      await notify(
        `low-balance:${profileId}`,
        t('notifyLowBalanceTitle'),
        t('notifyLowBalanceMessage', [formatCredits(balance), formatCredits(threshold)]),
      );
    next.low = low;
  }
  if (JSON.stringify(next) !== JSON.stringify(told))
    await spendNoticesItem.setValue({ ...notices, [profileId]: next });
}

/** One notification per profile and period: two profiles' notices do not replace each other. */
function warn(profileId: string, { period, spent, limit }: BudgetState): Promise<void> {
  return notify(
    `budget:${profileId}:${period}`,
    t(period === 'day' ? 'notifyBudgetWarnDayTitle' : 'notifyBudgetWarnMonthTitle'),
    t('notifyBudgetWarnMessage', [formatCredits(spent), formatCredits(limit)]),
  );
}
