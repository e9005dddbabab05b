import { localDate } from '../local-date';
import type { Settings } from '../settings/schema';
import { fromMilli, toMilli } from './credits';
import { type DaySum, dayTotal } from './ledger';

/**
 * Daily and monthly credit budgets, counted from the spend ledger: what the extension recorded as charged,
 * whatever has been removed from the history since. Free of zod and of the browser, so the worker and pages
 * count alike.
 */

export type BudgetPeriod = 'day' | 'month';

/**
 * The user-timing measures each budget check leaves in the worker's timeline (`npm run bench` reads them):
 * how long the check's own reads took, and how much later than without it the generation could start.
 */
export const BUDGET_CHECK_MEASURES = {
  reads: 'promptcast:budget-check',
  added: 'promptcast:budget-check-added',
} as const;
export type Budgets = Pick<Settings, 'dailyBudget' | 'monthlyBudget'>;

const PERIODS: readonly BudgetPeriod[] = ['day', 'month'];

/** A budget is spent from: the spent credits, and the budget's limit. */
export interface BudgetState {
  period: BudgetPeriod;
  limit: number;
  spent: number;
}

/** When today and this month began, on the person's own calendar (local midnight, DST included). */
export function periodStarts(now: number): Record<BudgetPeriod, number> {
  const date = new Date(now);
  return {
    day: new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime(),
    month: new Date(date.getFullYear(), date.getMonth(), 1).getTime(),
  };
}

const limitOf = (budgets: Budgets, period: BudgetPeriod) =>
  period === 'day' ? budgets.dailyBudget : budgets.monthlyBudget;

/** The local days (`YYYY-MM-DD`) this month's and today's spending are read from: this month's first, and today. */
export function periodDays(now: number): Record<BudgetPeriod, string> {
  const starts = periodStarts(now);
  return { day: localDate(starts.day), month: localDate(starts.month) };
}

/** Each budget set (a limit above 0), with what this profile's day sums (this month's) came to in its period. */
export function budgetStates(budgets: Budgets, days: readonly DaySum[], now: number): BudgetState[] {
  const first = periodDays(now);
  return PERIODS.filter((period) => limitOf(budgets, period) > 0).map((period) => ({
    period,
    limit: limitOf(budgets, period),
    spent: fromMilli(days.reduce((sum, day) => (day.day >= first[period] ? sum + dayTotal(day) : sum), 0)),
  }));
}

/**
 * The first budget that `credits` more would go over. A budget already used up is over whatever the
 * price, so an unknown price (0 here) still stops a generation then.
 */
export function overBudget(states: readonly BudgetState[], credits: number): BudgetState | undefined {
  return states.find((state) => {
    const [spent, limit] = [toMilli(state.spent), toMilli(state.limit)];
    return spent >= limit || spent + toMilli(credits) > limit;
  });
}

/** The share of a budget at which the person is told once. */
const WARN_AT = 0.8;

/** Whether a budget has reached WARN_AT of its limit, to the thousandth (0.1 + 0.7 of 1 is 80 %). */
export const nearLimit = ({ spent, limit }: BudgetState): boolean =>
  toMilli(spent) >= Math.round(toMilli(limit) * WARN_AT);
