/**
 * What the budget check adds to the start of a generation when the spend ledger holds 13 months: the
 * worker times each check itself (a user-timing measure, utils/spend/background/budgets.ts), so the figure is the
 * check's own reads of the real ledger in the real worker, not a copy of them.
 */
import type { Page } from '@playwright/test';
import { FIRST_PROFILE_ID } from '../../utils/profiles/first-profile';
import { BUDGET_CHECK_MEASURE } from '../../utils/spend/budget';
import { sendFrom } from '../e2e/support/setup';
import type { ReferenceService } from '../reference-service/server';
import { type SeedCharge, writeCharges } from '../support/history-probe';
import type { BenchBrowser } from './browser';
import { atMost, type Budget, type Row, type Sampled, sampled } from './report';
import { saveSettings } from './scenarios';

/** Charges a day over the ledger's 13 kept months and a little more: a busy person's year. */
const CHARGES_PER_DAY = 60;
const DAYS = 400;

/** 13 months of image charges of 7.5 credits, the newest today. */
function yearOfCharges(now: number): SeedCharge[] {
  return Array.from({ length: DAYS * CHARGES_PER_DAY }, (_, i) => ({
    id: `bench-charge-${i}`,
    profile: FIRST_PROFILE_ID,
    at: now - Math.floor(i / CHARGES_PER_DAY) * 86_400_000 - (i % CHARGES_PER_DAY) * 60_000,
    milli: 7500,
    kind: 'image' as const,
  }));
}

export interface BudgetCheckCost {
  charges: number;
  checks: Sampled;
}

/** The check may add at most this to a generation's start (median), whatever the ledger holds. */
export const BUDGET_CHECK_LIMIT_MS = 2;

/** The budget row, the same in the full bench and in `npm run bench:budget-check`. */
export function budgetCheckBudget(cost: BudgetCheckCost): Budget {
  return atMost(
    `Budget check at a generation's start, ${cost.charges.toLocaleString('en')} charges in the ledger (median)`,
    cost.checks.median,
    BUDGET_CHECK_LIMIT_MS,
    'ms',
  );
}

/** Its spread, reported beside the budget. */
export function budgetCheckRow(cost: BudgetCheckCost): Row {
  return {
    metric: `Budget check, ${cost.charges.toLocaleString('en')} charges (13 months) in the spend ledger`,
    value: `${cost.checks.median} ms median`,
    detail: `min ${cost.checks.min} ms, max ${cost.checks.max} ms, ${cost.checks.samples.length} images; the worker's own timing`,
  };
}

/** Makes `runs` images under budgets with the ledger seeded, and reads how long each budget check took. */
export async function budgetCheckCost(
  bench: BenchBrowser,
  page: Page,
  service: ReferenceService,
  runs: number,
): Promise<BudgetCheckCost> {
  const charges = yearOfCharges(Date.now());
  await page.evaluate(writeCharges, charges);
  // Budgets far above the seeded spending: every image is checked, none is stopped.
  await saveSettings(page, service, { dailyBudget: 1_000_000, monthlyBudget: 10_000_000 });
  const worker = await bench.worker();
  await worker.evaluate((name) => performance.clearMeasures(name), BUDGET_CHECK_MEASURE);
  for (let i = 0; i < runs; i++) {
    const made = await sendFrom(page, { type: 'generateImage', prompt: `a budgeted bench kite ${i}` });
    if (!made.ok) throw new Error(`the image under budget failed: ${made.error.message}`);
  }
  const durations = await (await bench.worker()).evaluate(
    (name) => performance.getEntriesByName(name).map((entry) => entry.duration),
    BUDGET_CHECK_MEASURE,
  );
  if (durations.length !== runs)
    throw new Error(`${durations.length} budget checks timed for ${runs} images`);
  await saveSettings(page, service);
  return { charges: charges.length, checks: sampled(durations) };
}
