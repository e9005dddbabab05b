import type { HistoryEntry } from '../history/schema';

import type { Settings } from '../settings/schema';

/**
 * Daily and monthly credit budgets, counted from the history this extension keeps: what it spent is the
 * costs it recorded for its own entries. Free of zod and of the browser, so the worker and pages count alike.
 */

export type BudgetPeriod = 'day' | 'month';
export type Budgets = Pick<Settings, 'dailyBudget' | 'monthlyBudget'>;
/** An entry as a budget counts it. */
export type SpendRecord = Pick<HistoryEntry, 'cost' | 'createdAt'>;

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

/** Each budget set (a limit above 0), with what this profile's entries spent in its period so far. */
export function budgetStates(budgets: Budgets, entries: readonly SpendRecord[], now: number): BudgetState[] {
  const starts = periodStarts(now);
  return PERIODS.filter((period) => limitOf(budgets, period) > 0).map((period) => ({
    period,
    limit: limitOf(budgets, period),
    spent: entries.reduce(
      (sum, entry) => (entry.createdAt >= starts[period] ? sum + (entry.cost ?? 0) : sum),
      0,
    ),
  }));
}

/**
 * The first budget that `credits` more would go over. A budget already used up is over whatever the
 * price, so an unknown price (0 here) still stops a generation then.
 */
export function overBudget(states: readonly BudgetState[], credits: number): BudgetState | undefined {
  return states.find((state) => state.spent >= state.limit || state.spent + credits > state.limit);
}

/** The share of a budget at which the person is told once. */
export const WARN_AT = 0.8;

/** The budgets that spending `credits` more carried past WARN_AT of their limit (told once: at the crossing). */
export function crossedWarning(before: readonly BudgetState[], after: readonly BudgetState[]): BudgetState[] {
  return after.filter((state) => {
    const earlier = before.find((each) => each.period === state.period)?.spent ?? 0;
    return earlier < state.limit * WARN_AT && state.spent >= state.limit * WARN_AT;
  });
}
