import { startReferenceService } from '../reference-service/server';
import { buildBaseline } from './baseline';
import { BenchBrowser } from './browser';
import { buildPrivateCopy } from './build';
import { quietPage } from './measure';
import { prepareCachedBalance, usedPageControls } from './scenarios';

const built = await buildPrivateCopy();
const baseline = await buildBaseline();
const service = await startReferenceService({ port: 0 });
const bench = await BenchBrowser.launch(built.extensionDir, baseline);
try {
  const page = await prepareCachedBalance(bench, service);
  await quietPage(bench.context, bench.baselineOrigin);
  const r = await usedPageControls(bench, service, page, { dir: baseline.dir, extensionDir: built.extensionDir }, Number(process.env.RUNS ?? 3));
  const show = (label: string, o: typeof r.popup.firstOpen) =>
    console.log(label, 'interactive', o.interactiveRatio, 'hydrated', o.hydratedRatio, JSON.stringify(Object.fromEntries(Object.entries(o.controls).filter(([k]) => /Profile|Buttons/.test(k)).map(([k, v]) => [k, v.ratio]))));
  show('popup first', r.popup.firstOpen);
  show('popup later', r.popup.laterOpen);
  show('panel first', r.sidePanel.firstOpen);
  show('panel later', r.sidePanel.laterOpen);
} finally {
  await bench.close();
  await service.close();
}
