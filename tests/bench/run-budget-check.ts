/**
 * The budget check alone (`npm run bench:budget-check`): what it adds to a generation's start with 13 months
 * in the spend ledger, measured by the worker itself, in about a minute instead of the full bench's run.
 * Rewrites its own section of docs/bench-report.md and exits 1 when the budget is missed.
 */
import { BUDGET_CHECK_LIMIT_MS, budgetCheckBudget, budgetCheckCost, budgetCheckRow } from './budget-check';
import { formatBudgets } from './report';
import { BENCH_REPORT, thisRun, writeReportSection } from './report-file';
import { runScenario } from './single-scenario';

const RUNS = 21;

await runScenario(async ({ extension, page, service }) => {
  const cost = await budgetCheckCost(extension, page, service, RUNS);
  const budget = budgetCheckBudget(cost);
  console.log(
    `Budget check with ${cost.charges} charges in the ledger: adds ${cost.added.median} ms median (min ${cost.added.min}, max ${cost.added.max}); its reads ${cost.reads.median} ms median, alongside the rest of the start (${RUNS} images; budget ${BUDGET_CHECK_LIMIT_MS} ms)`,
  );
  console.log(formatBudgets([budget]));
  writeReportSection({
    id: 'budget-check',
    run: thisRun([`${RUNS} images`]),
    budgets: [budget],
    figures: [budgetCheckRow(cost)],
  });
  console.log(`Report: ${BENCH_REPORT}`);
  if (!budget.pass) process.exitCode = 1;
});
