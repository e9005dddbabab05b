/**
 * The backup's speed alone (`npm run bench:backup`): 50 kept copies of 5 MB backed up to loopback WebDAV,
 * on a 25 MB/s line and straight, against the same uploads without the extension. Rewrites its own section
 * of docs/bench-report.md.
 */

import { BACKUP_BENCH, backupSpeed, seedBenchCopies } from './backup-speed';
import { backupSpeedBudget, backupSpeedRow, formatBudgets, formatFigures } from './report';
import { BENCH_REPORT, thisRun, writeReportSection } from './report-file';
import { runScenario } from './single-scenario';

await runScenario(async ({ page }) => {
  await seedBenchCopies(page, BACKUP_BENCH);
  const onLine = await backupSpeed(page, BACKUP_BENCH, BACKUP_BENCH.lineBytesPerSec);
  const straight = await backupSpeed(page, BACKUP_BENCH, undefined);
  const rows = [backupSpeedRow(onLine), backupSpeedRow(straight)];
  const budget = backupSpeedBudget(onLine);
  console.log(formatFigures(rows));
  console.log(formatBudgets([budget]));
  console.log(JSON.stringify({ onLine, straight }, null, 2));
  writeReportSection({ id: 'backup', run: thisRun(), budgets: [budget], figures: rows });
  console.log(`Report: ${BENCH_REPORT}`);
  if (!budget.pass) process.exitCode = 1;
});
