/**
 * The backup's speed alone (`npm run bench:backup`): 50 kept copies of 5 MB backed up to loopback WebDAV and
 * S3, on a 25 MB/s line and straight, against the same uploads without the extension. Rewrites its own
 * section of docs/bench-report.md.
 */

import { backupSpeeds } from './backup-speed';
import { backupSpeedBudgets, backupSpeedRows, formatBudgets, formatFigures } from './report';
import { BENCH_REPORT, thisRun, writeReportSection } from './report-file';
import { runScenario } from './single-scenario';

await runScenario(async ({ page }) => {
  const speeds = await backupSpeeds(page);
  const rows = backupSpeedRows(speeds);
  const budgets = backupSpeedBudgets(speeds);
  console.log(formatFigures(rows));
  console.log(formatBudgets(budgets));
  console.log(JSON.stringify(speeds, null, 2));
  writeReportSection({ id: 'backup', run: thisRun(), budgets, figures: rows });
  console.log(`Report: ${BENCH_REPORT}`);
  if (budgets.some((budget) => !budget.pass)) process.exitCode = 1;
});
