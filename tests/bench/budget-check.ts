/**
 * What the budget check adds to the start of a generation when the spend ledger holds 13 months. The worker
 * times each check itself (user-timing measures, utils/spend/background/budgets.ts): its own reads of the
 * real ledger, and the wait for its verdict once the rest of the start (lock, key, host access) was ready,
 * which is what it adds, since the two run side by side.
 */
import type { Page } from '@playwright/test';
import { FIRST_PROFILE_ID } from '../../utils/profiles/first-profile';
import { BUDGET_CHECK_MEASURES } from '../../utils/spend/budget';
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
  /** How much later each generation could start because of its check. */
  added: Sampled;
  /** How long each check's own reads of the ledger took (overlapping the rest of the start). */
  reads: Sampled;
}

/** The check may add at most this to a generation's start (median), whatever the ledger holds. */
export const BUDGET_CHECK_LIMIT_MS = 2;

/** The budget row, the same in the full bench and in `npm run bench:budget-check`. */
export function budgetCheckBudget(cost: BudgetCheckCost): Budget {
  return atMost(
    `What the budget check adds to a generation's start, ${cost.charges.toLocaleString('en')} charges in the ledger (median)`,
    cost.added.median,
    BUDGET_CHECK_LIMIT_MS,
    'ms',
  );
}

/** Its spread, reported beside the budget. */
export function budgetCheckRow(cost: BudgetCheckCost): Row {
  return {
    metric: `Budget check, ${cost.charges.toLocaleString('en')} charges (13 months) in the spend ledger`,
    value: `adds ${cost.added.median} ms median`,
    detail: `adds min ${cost.added.min} ms, max ${cost.added.max} ms; its own reads ${cost.reads.median} ms median (min ${cost.reads.min}, max ${cost.reads.max}), side by side with the key's and the host access's; ${cost.added.samples.length} images, the worker's own timing`,
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
  await worker.evaluate((names) => {
    for (const name of names) performance.clearMeasures(name);
  }, Object.values(BUDGET_CHECK_MEASURES));
  for (let i = 0; i < runs; i++) {
    const made = await sendFrom(page, { type: 'generateImage', prompt: `a budgeted bench kite ${i}` });
    if (!made.ok) throw new Error(`the image under budget failed: ${made.error.message}`);
  }
  const timed = await (await bench.worker()).evaluate(
    (names) => names.map((name) => performance.getEntriesByName(name).map((entry) => entry.duration)),
    [BUDGET_CHECK_MEASURES.added, BUDGET_CHECK_MEASURES.reads],
  );
  const [added = [], reads = []] = timed;
  if (added.length !== runs || reads.length !== runs)
    throw new Error(`${added.length} and ${reads.length} budget checks timed for ${runs} images`);
  await saveSettings(page, service);
  return { charges: charges.length, added: sampled(added), reads: sampled(reads) };
}
