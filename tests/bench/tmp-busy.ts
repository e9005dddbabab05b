import { startReferenceService } from '../reference-service/server';
import { buildBaseline } from './baseline';
import { BenchBrowser } from './browser';
import { buildPrivateCopy } from './build';
import { gzipBytes, measureEntries } from './bundle';
import { quietPage, sleep } from './measure';
import { comparePaint, prepareCachedBalance, seedHistory } from './scenarios';
import { sendFrom } from '../e2e/support/setup';
import { DEFAULT_SETTINGS } from '../../utils/settings/defaults';

const built = await buildPrivateCopy();
const baseline = await buildBaseline();
const { pages } = measureEntries(built.extensionDir);
console.log('popup at open', pages.popup?.total, 'baseline', gzipBytes(baseline.script), 'over KB', ((pages.popup?.total ?? 0) - gzipBytes(baseline.script)) / 1024);
const service = await startReferenceService({ port: 0 });
const bench = await BenchBrowser.launch(built.extensionDir, baseline);
const runs = Number(process.env.RUNS ?? 21);
try {
  const page = await prepareCachedBalance(bench, service);
  await quietPage(bench.context, bench.baselineOrigin);
  const warm = async () => {
    const p = await bench.context.newPage();
    await p.goto(`${bench.origin}/popup.html`);
    await sleep(2500);
    await p.close();
  };
  console.log('plain', (await comparePaint(bench, runs)).ratio);
  await seedHistory(page, service, 10000);
  await warm();
  console.log('10000', (await comparePaint(bench, runs)).ratio);
  await seedHistory(page, service, 200);
  service.configure({ videoDurationMs: 600_000 });
  for (let i = 0; i < 50; i++) await sendFrom(page, { type: 'submitVideo', prompt: `busy ${i}`, options: DEFAULT_SETTINGS.videoDefaults });
  await warm();
  console.log('50 jobs', (await comparePaint(bench, runs)).ratio);
  const copy = await page.evaluate(() => localStorage.getItem('promptcast:lists-copy:v1') ?? '');
  console.log('copy chars', copy.length);
} finally {
  await bench.close();
  await service.close();
}
