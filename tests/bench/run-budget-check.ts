/**
 * The budget check alone (`npm run bench:budget-check`): what it adds to a generation's start with 13 months
 * in the spend ledger, measured by the worker itself, in about a minute instead of the full bench's run.
 */
import { rmSync } from 'node:fs';
import { startReferenceService } from '../reference-service/server';
import { BenchBrowser } from './browser';
import { budgetCheckCost } from './budget-check';
import { buildPrivateCopy } from './build';
import { quietPage } from './measure';
import { refreshBalance, saveSettings } from './scenarios';

const RUNS = 21;

const built = await buildPrivateCopy();
const service = await startReferenceService({ port: 0 });
try {
  const extension = await BenchBrowser.launch(built.extensionDir);
  try {
    const page = await quietPage(extension.context, extension.origin);
    await saveSettings(page, service);
    await refreshBalance(page);
    const cost = await budgetCheckCost(extension, page, service, RUNS);
    console.log(
      `Budget check with ${cost.charges} charges in the ledger: median ${cost.checks.median} ms, min ${cost.checks.min} ms, max ${cost.checks.max} ms (${RUNS} images; budget 2 ms)`,
    );
    if (cost.checks.median > 2) process.exitCode = 1;
  } finally {
    await extension.close();
  }
} finally {
  await service.close();
  rmSync(built.root, { recursive: true, force: true });
}
