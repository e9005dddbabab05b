/**
 * The slow-line keep alone (`npm run bench:slow-keep`): the one bench scenario that can be run without the
 * rest, since it only needs the extension and the reference service and takes about a minute, not the full
 * bench's CPU-heavy comparisons. Rewrites its own section of docs/bench-report.md (a report row: no budget).
 */
import { rmSync } from 'node:fs';
import { startReferenceService } from '../reference-service/server';
import { BenchBrowser } from './browser';
import { buildPrivateCopy } from './build';
import { quietPage, WorkerControl } from './measure';
import { formatFigures, slowKeepRow } from './report';
import { BENCH_REPORT, thisRun, writeReportSection } from './report-file';
import { keepOnSlowLine, refreshBalance, SLOW_KEEP, saveSettings } from './scenarios';

const built = await buildPrivateCopy();
const service = await startReferenceService({ port: 0 });
try {
  const extension = await BenchBrowser.launch(built.extensionDir);
  try {
    const page = await quietPage(extension.context, extension.origin);
    await saveSettings(page, service);
    await refreshBalance(page);
    const control = await WorkerControl.attach(page);
    const slow = await keepOnSlowLine(service, page, control, extension.origin, SLOW_KEEP);
    await control.detach();
    const row = slowKeepRow(slow);
    console.log(formatFigures([row]));
    console.log(JSON.stringify(slow, null, 2));
    writeReportSection({ id: 'slow-keep', run: thisRun(), budgets: [], figures: [row] });
    console.log(`Report: ${BENCH_REPORT}`);
  } finally {
    await extension.close();
  }
} finally {
  await service.close();
  rmSync(built.root, { recursive: true, force: true });
}
