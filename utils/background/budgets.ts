import { type BudgetState, budgetStates, overBudget, periodStarts, WARN_AT } from '../budgets/budget';
import { AppError } from '../error-info';
import type { HistoryEntry } from '../history/schema';
import { formatCredits, t } from '../i18n';
import { profileOf } from '../profiles/first-profile';
import { type CostRequest, estimateCost } from '../prompts/cost-estimate';
import type { Settings } from '../settings/schema';
import { notify } from './browser-effects';
import type { Context } from './context';
import { spendNoticesItem } from './items';
import type { ProfileSettings } from './run-entry';

/** This profile's entries since the month began, where every budget's period starts. */
async function thisMonth(ctx: Context, profileId: string): Promise<HistoryEntry[]> {
  const since = periodStarts(ctx.platform.now()).month;
  return (await ctx.history.find({ since })).filter((entry) => profileOf(entry) === profileId);
}

const hasBudget = (settings: Settings) => settings.dailyBudget > 0 || settings.monthlyBudget > 0;

/**
 * Stops `count` generations like `request` before anything is recorded or sent when, by what the same
 * request cost before, they would take a budget past its limit. The person may go on once (`overBudget`
 * on the command); the context menu's stop becomes a failed entry, told like any other failure.
 */
export async function checkBudget(
  ctx: Context,
  { settings, profileId }: ProfileSettings,
  request: CostRequest,
  count = 1,
): Promise<void> {
  if (!hasBudget(settings)) return;
  const entries = await thisMonth(ctx, profileId);
  const estimate = estimateCost(entries, { ...request, profileId });
  const cost = estimate && estimate.credits * count;
  const over = overBudget(budgetStates(settings, entries, ctx.platform.now()), cost ?? 0);
  if (over)
    throw new AppError('over_budget', { budget: { ...over, ...(cost === undefined ? {} : { cost }) } });
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
  const told = notices[profileId] ?? {};
  const next = { ...told };
  if (hasBudget(settings)) {
    const now = ctx.platform.now();
    const starts = periodStarts(now);
    const states = budgetStates(settings, await thisMonth(ctx, profileId), now);
    for (const state of states.filter((each) => each.spent >= each.limit * WARN_AT)) {
      if (told[state.period] === starts[state.period]) continue;
      await warn(state);
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

function warn({ period, spent, limit }: BudgetState): Promise<void> {
  return notify(
    `budget:${period}`,
    t(period === 'day' ? 'notifyBudgetWarnDayTitle' : 'notifyBudgetWarnMonthTitle'),
    t('notifyBudgetWarnMessage', [formatCredits(spent), formatCredits(limit)]),
  );
}
