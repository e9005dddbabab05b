/**
 * The slow-line keep alone (`npm run bench:slow-keep`): the one bench scenario that can be run without the
 * rest, since it only needs the extension and the reference service and takes about a minute, not the full
 * bench's CPU-heavy comparisons. Rewrites its own section of docs/bench-report.md (a report row: no budget).
 */
import { WorkerControl } from './measure';
import { formatFigures, slowKeepRow } from './report';
import { BENCH_REPORT, thisRun, writeReportSection } from './report-file';
import { keepOnSlowLine, SLOW_KEEP } from './scenarios';
import { runScenario } from './single-scenario';

await runScenario(async ({ extension, page, service }) => {
  const control = await WorkerControl.attach(page);
  const slow = await keepOnSlowLine(service, page, control, extension.origin, SLOW_KEEP);
  await control.detach();
  const row = slowKeepRow(slow);
  console.log(formatFigures([row]));
  console.log(JSON.stringify(slow, null, 2));
  writeReportSection({ id: 'slow-keep', run: thisRun(), budgets: [], figures: [row] });
  console.log(`Report: ${BENCH_REPORT}`);
});
