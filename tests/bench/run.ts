/**
 * `npm run bench`: builds the production extension and measures it in headless Chromium against the
 * reference service: bundle sizes, popup first paint, the history page with 200 entries and worker cold
 * start (each against a baseline loaded in the same browser; the popup also against the physical floor, a
 * static HTML page with its text, for first paint and interactive), idle cost, polling cost, 50 jobs at
 * once, the popup while a 20 MB video is kept, and keep-alive calls idle and during a 45 s image. Prints the figures and every budget as PASS/FAIL,
 * writes bench-results/latest.json (every sample, ignored by git) and rewrites the full-bench section of
 * docs/bench-report.md (the generated table the docs link to; see report-file.ts).
 *
 * Timings are medians of several runs (BENCH_RUNS, default 7) and ratios to a baseline measured in the
 * same run, because the machines are small and noisy. Exits 0 unless `--strict` is given and a budget fails.
 * The extension is built into a temporary folder (see build.ts); BENCH_SKIP_BUILD=1 measures a copy of
 * the existing .output/chrome-mv3 instead. BENCH_IDLE_SEC shortens the idle window.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { repoRoot } from '../e2e/support/paths';
import { startReferenceService } from '../reference-service/server';
import { BACKUP_BENCH, type BackupSpeeds, backupSpeeds } from './backup-speed';
import { BASELINE_ROWS, buildBaseline } from './baseline';
import { BenchBrowser } from './browser';
import { type BudgetCheckCost, budgetCheckBudget, budgetCheckCost, budgetCheckRow } from './budget-check';
import { buildPrivateCopy } from './build';
import { gzipBytes, measureEntries } from './bundle';
import { compareViewOpen } from './compare-view';
import {
  type HistoryAtLargest,
  type HistoryAtScale,
  historyAtLargest,
  LARGEST_HISTORY,
  pagesAtScale,
  SIZES,
  type WriteCost,
  writeCosts,
} from './history-scale';
import { FRAME_CONTROLS, filesLoadedAtOpen, IN_USE_CONTROLS, quietPage, WorkerControl } from './measure';
import {
  atLeast,
  atMost,
  type Budget,
  backupSpeedBudgets,
  backupSpeedRows,
  formatBudgets,
  formatFigures,
  kb,
  ms,
  type Row,
  round,
  type Sampled,
  slowKeepRow,
} from './report';
import { BENCH_REPORT, chromiumVersion, writeReportSection } from './report-file';
import {
  coldStart,
  compareHistoryPaint,
  comparePaint,
  comparePanelInteractive,
  comparePhysicalFloor,
  FIRST_SCREEN_ROWS,
  HISTORY_ENTRY,
  idleCost,
  keepAliveCost,
  keepDuringPopup,
  keepOnSlowLine,
  pollingCost,
  popupWithLibrary,
  popupWithProfiles,
  prepareCachedBalance,
  refreshBalance,
  SLOW_KEEP,
  saveSettings,
  scale,
  unlockToFirstRequest,
  usedPageControls,
} from './scenarios';

function fromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

const RUNS = fromEnv('BENCH_RUNS', 7);
const POLL_RUNS = fromEnv('BENCH_POLL_RUNS', 3);
/**
 * The two pages held to a ratio against a bare React page. Single opens spread widely on a 2-core machine
 * (the bare list page alone from 50 to 155 ms in one run of 21), so a median of 21 still moved the history
 * page's ratio from 1.08 to 1.24 between runs of the same code: seven times the samples, each pair a
 * fraction of a second.
 */
const PAINT_RUNS = RUNS * 7;
/**
 * Opens of each page against its static frame. First paints at about 40 ms move with the frame clock by 4 to
 * 8 ms from one open to the next, a fifth of a 1.2x budget: seven opens swung a ratio by 0.15 between runs of
 * the same build, and 21 still moved the side panel's from 1.06 to 1.21 (its page alone, interleaved with its
 * static frame, came at 0.88-0.98x in 30 opens). Each run is a few seconds.
 */
const FLOOR_RUNS = RUNS * 5;
/** The page in use is timed for its controls alone: fewer runs, each kept open until its lists are drawn. */
const IN_USE_RUNS = RUNS * 2;
const IDLE_SEC = fromEnv('BENCH_IDLE_SEC', 60);
const POLL_JOB_SEC = 6;
const POLL_INTERVAL_SEC = 2;
const SCALE_JOBS = 50;
/** Issue #25's report: the popup with this many profiles, the switch in its header. */
const PROFILE_COUNT = 10;
/** Issue #26: the popup with this many library prompts. */
const LIBRARY_COUNT = 500;
const SCALE_LATENCY_MS = 200;
/** Long enough for the popup's 42 pairs of opens to be timed while every job still runs. */
const SCALE_JOB_SEC = 50;
const POLL_CONCURRENCY = 4;
/** What the service takes for the image a person reported lost: longer than Chrome's 30 s worker limit. */
const SLOW_IMAGE_SEC = 45;
const KB = 1024;
const KEEP_VIDEO_BYTES = 20 * 1024 * KB;
const LONG_TASK_MS = 50;
/** A poll may come this much after its interval (alarms fire at 1 s granularity) and still be on time. */
const POLL_TOLERANCE_MS = 1000;

const began = Date.now();
const step = (message: string) =>
  console.log(`[bench ${((Date.now() - began) / 1000).toFixed(0)} s] ${message}`);
const spread = (s: Sampled, show: (value: number) => string) =>
  `median of ${s.samples.length}, min ${show(s.min)}, max ${show(s.max)}`;

const machine = {
  cpus: os.cpus().length,
  loadAverageAtStart: os.loadavg().map((value) => Number(value.toFixed(2))),
  node: process.version,
  chromium: chromiumVersion(),
};

step(
  process.env.BENCH_SKIP_BUILD === '1'
    ? 'copying .output/chrome-mv3'
    : 'building the production extension (wxt build, into a temporary folder)',
);
const built = await buildPrivateCopy();
step('building the baseline extension (bare React page + trivial worker)');
const baseline = await buildBaseline();
const { pages: sizes, background: backgroundBundle } = measureEntries(built.extensionDir);
const baselineGzip = gzipBytes(baseline.script);

const service = await startReferenceService({ port: 0 });
// Those marked `!` are assigned in the first browser's scenario, a callback that runs before any read.
let popup!: Awaited<ReturnType<typeof comparePaint>>;
let popupLoaded!: string[];
let popupLoadedWithHistory!: string[];
let floor!: Awaited<ReturnType<typeof comparePhysicalFloor>>;
let inUse!: Awaited<ReturnType<typeof usedPageControls>>;
let panel!: Awaited<ReturnType<typeof comparePanelInteractive>>;
let cold!: Awaited<ReturnType<typeof coldStart>>;
let history!: Awaited<ReturnType<typeof compareHistoryPaint>>;
let compareView!: Awaited<ReturnType<typeof compareViewOpen>>;
let keep: Awaited<ReturnType<typeof keepDuringPopup>>;
let slowKeep: Awaited<ReturnType<typeof keepOnSlowLine>>;
let scaled: Awaited<ReturnType<typeof scale>>;
let writes!: WriteCost[];
let atScale: HistoryAtScale;
let atLargest: HistoryAtLargest;
let withProfiles!: Awaited<ReturnType<typeof popupWithProfiles>>;
let withLibrary!: Awaited<ReturnType<typeof popupWithLibrary>>;
let idle: Awaited<ReturnType<typeof idleCost>>;
let polling: Awaited<ReturnType<typeof pollingCost>>;
let keepAlive: Awaited<ReturnType<typeof keepAliveCost>>;
let unlock: Awaited<ReturnType<typeof unlockToFirstRequest>>;
let budgetCheck: BudgetCheckCost;
let backup: BackupSpeeds;

/**
 * Runs `scenario` in a browser of its own, on a fresh profile and a reset service, with Promptcast set up
 * and a balance cached (`page` is the page that did it). With the baseline, the baseline's renderer holds an
 * idle page too: `page` keeps an idle document in Promptcast's renderer process through every comparison,
 * so the pages of both open into processes in the same state (without it the bare React list itself opened
 * 3-7% slower as a page of Promptcast than of the baseline).
 */
async function inBrowserOfItsOwn<T>(
  label: string,
  withBaseline: boolean,
  scenario: (bench: BenchBrowser, page: Page) => Promise<T>,
): Promise<T> {
  service.reset();
  step(`launching Chromium with Promptcast ${withBaseline ? 'and the baseline' : 'alone'}: ${label}`);
  const bench = await BenchBrowser.launch(built.extensionDir, withBaseline ? baseline : undefined);
  try {
    const page = await prepareCachedBalance(bench, service);
    if (withBaseline) await quietPage(bench.context, bench.baselineOrigin);
    return await scenario(bench, page);
  } finally {
    await bench.close();
  }
}

try {
  await inBrowserOfItsOwn('first paints, controls, the history page', true, async (bench, page) => {
    step(`popup first paint vs bare React page (${PAINT_RUNS} runs each)`);
    popup = await comparePaint(bench, PAINT_RUNS);
    // Next to the plain popup, in the same state but for the library, so the row measures what the library
    // adds; after the scale and profiles scenarios it measured their leftovers too (1.41x there, 1.10x here).
    step(
      `popup first paint with ${LIBRARY_COUNT} library prompts vs bare React page (${PAINT_RUNS} runs each)`,
    );
    withLibrary = await popupWithLibrary(bench, page, LIBRARY_COUNT, PAINT_RUNS);
    step(`popup first paint with ${PROFILE_COUNT} profiles vs bare React page (${PAINT_RUNS} runs each)`);
    withProfiles = await popupWithProfiles(bench, page, PROFILE_COUNT, PAINT_RUNS);
    popupLoaded = await filesLoadedAtOpen(bench.context, `${bench.origin}/popup.html`);
    step(
      `popup and side panel first paint and interactive vs their static HTML frames (${FLOOR_RUNS} runs each)`,
    );
    floor = await comparePhysicalFloor(
      bench,
      page,
      { dir: baseline.dir, extensionDir: built.extensionDir },
      FLOOR_RUNS,
    );
    step(
      `popup and side panel in use (profiles, entries, a batch): their controls vs their static HTML frames (${IN_USE_RUNS} runs each)`,
    );
    inUse = await usedPageControls(
      bench,
      service,
      page,
      { dir: baseline.dir, extensionDir: built.extensionDir },
      IN_USE_RUNS,
    );
    step(`side panel interactive vs popup interactive (${RUNS} runs each)`);
    panel = await comparePanelInteractive(bench, RUNS);
    const control = await WorkerControl.attach(page);
    step(`worker cold start vs trivial worker (${RUNS} runs each)`);
    cold = await coldStart(bench, control, RUNS);
    step(`history page with 200 entries vs bare React list of 200 rows (${PAINT_RUNS} runs each)`);
    history = await compareHistoryPaint(bench, service, page, PAINT_RUNS);
    // The lists load once there is an entry to draw: what that adds to an open, with the 200 entries now held.
    popupLoadedWithHistory = await filesLoadedAtOpen(bench.context, `${bench.origin}/popup.html`);
    step(
      `compare view of six models opened on the history page vs bare React list (${PAINT_RUNS} runs each)`,
    );
    compareView = await compareViewOpen(bench, service, page, PAINT_RUNS);
    step(`history at scale: bytes written with ${SIZES.join(' and ')} entries`);
    service.reset();
    writes = await writeCosts(bench, service, page);
    await control.detach();
  });

  // In a browser of their own: after the history page and scale scenarios above, Promptcast's pages opened
  // slower for minutes while the baseline's did not (in four full runs the popup with 10,000 entries came at
  // 1.23-1.36x there, 1.02-1.16x in isolated runs seeded the same way, and even its static first frame took
  // 10 ms longer), and any later scenario would begin by deleting the 10,000 entries. These rows measure
  // 10,000 entries, not the leftovers of other scenarios (the scale scenario has its own popup row).
  // A browser of its own, so the popup is timed with the 50 jobs and 200 entries the row names: after the
  // scenarios above (500 library prompts, 10 profiles, a batch, six models' comparisons, the side panel's state)
  // it came at 1.24-1.33x in full runs, where the same scenario alone came at 1.01-1.08x.
  scaled = await inBrowserOfItsOwn(`${SCALE_JOBS} videos at once`, true, async (scaleBench, page) => {
    step(`scale: 200 history entries, ${SCALE_JOBS} videos at once, popup timed while they run`);
    return scale(scaleBench, service, page, {
      jobs: SCALE_JOBS,
      latencyMs: SCALE_LATENCY_MS,
      jobSec: SCALE_JOB_SEC,
      // While 50 jobs poll, single opens of either page spread from 90 to 350 ms. Fourteen pairs in six runs of
      // the same build gave 0.95-1.42x; forty-two in five gave 1.01-1.18x (the report shows how many ran).
      runs: RUNS * 6,
    });
  });

  atScale = await inBrowserOfItsOwn(
    `history page, search and popup with ${SIZES[1]} entries`,
    true,
    async (atScaleBench, page) => ({
      ...(await pagesAtScale(atScaleBench, service, page, PAINT_RUNS)),
      writes,
    }),
  );

  // A browser of its own again, so the 50,000 entries are not written over the 10,000 just deleted.
  atLargest = await inBrowserOfItsOwn(
    `history page and first search with ${LARGEST_HISTORY} entries`,
    true,
    (largestBench, page) => historyAtLargest(largestBench, service, page, PAINT_RUNS),
  );

  service.reset();
  step('launching Chromium with Promptcast alone');
  const extension = await BenchBrowser.launch(built.extensionDir);
  try {
    service.configure({ videoDurationMs: 2_000 });
    const page = await quietPage(extension.context, extension.origin);
    await saveSettings(page, service, { pollIntervalSec: POLL_INTERVAL_SEC });
    await refreshBalance(page);
    const control = await WorkerControl.attach(page);
    step(`idle cost over ${IDLE_SEC} s (worker stopped and woken halfway)`);
    idle = await idleCost(extension, service, page, control, IDLE_SEC);
    step(
      `polling cost: ${POLL_JOB_SEC} s video, poll every ${POLL_INTERVAL_SEC} s, ${POLL_RUNS} runs awake + ${POLL_RUNS} stopped`,
    );
    polling = await pollingCost(extension, service, page, control, {
      jobSec: POLL_JOB_SEC,
      pollIntervalSec: POLL_INTERVAL_SEC,
      runs: POLL_RUNS,
    });
    await control.detach();
    step(`popup open while a ${kb(KEEP_VIDEO_BYTES)} video is kept and another job is polled`);
    keep = await keepDuringPopup(extension, service, page, {
      videoBytes: KEEP_VIDEO_BYTES,
      pollIntervalSec: POLL_INTERVAL_SEC,
    });
    step(`keep-alive calls: ${IDLE_SEC} s idle, then while a ${SLOW_IMAGE_SEC} s image is pending`);
    keepAlive = await keepAliveCost(extension, service, page, {
      idleSec: IDLE_SEC,
      imageSec: SLOW_IMAGE_SEC,
    });
    step(`budget check at a generation's start, 13 months in the spend ledger (${RUNS} images)`);
    budgetCheck = await budgetCheckCost(extension, page, service, RUNS);
    step(
      `keeping a ${kb(SLOW_KEEP.videoBytes)} video at ${kb(SLOW_KEEP.bytesPerSec)}/s, alone and with a worker stop`,
    );
    const slowControl = await WorkerControl.attach(page);
    slowKeep = await keepOnSlowLine(service, page, slowControl, extension.origin, SLOW_KEEP);
    await slowControl.detach();
    step(`unlock to first request: passphrase lock (600,000 PBKDF2 rounds), a video pending (${RUNS} runs)`);
    unlock = await unlockToFirstRequest(service, page, RUNS);
  } finally {
    await extension.close();
  }

  // A browser of its own: the backup uploads every kept copy, and the keep scenarios above leave theirs (in
  // the 2026-11-30 run it sent 89 items, 343 MB, where the row and the plain uploads it is set against are the
  // 50 copies of 5 MB).
  backup = await inBrowserOfItsOwn(
    `backing up ${BACKUP_BENCH.copies} kept copies of ${kb(BACKUP_BENCH.copyBytes)} to loopback WebDAV and S3`,
    false,
    (_bench, page) => backupSpeeds(page),
  );
} finally {
  await service.close();
  rmSync(baseline.dir, { recursive: true, force: true });
  rmSync(built.root, { recursive: true, force: true });
}

const pollLimit = Math.ceil(POLL_JOB_SEC / POLL_INTERVAL_SEC) + 2;
const delayLimit = POLL_INTERVAL_SEC * 1000 + POLL_TOLERANCE_MS;
const notificationLimit = Math.ceil(SCALE_JOBS / 10);
const popupSize = sizes.popup?.total ?? 0;
const backgroundSize = backgroundBundle.total;
const popupOnDemand = sizes.popup?.onDemand;
// The lightbox is loaded lazily by pages that show a media grid; the popup must not reach it at all.
const viewerInPopup = [...(sizes.popup?.files ?? []), ...(popupOnDemand?.files ?? [])].filter((item) =>
  /MediaViewer/.test(item.file),
);
// What the popup fetched when it opened that the bundle figure does not count: must be nothing.
const countedAtOpen = (file: string) => (sizes.popup?.files ?? []).some((item) => item.file === file);
const uncounted = popupLoaded.filter((file) => !countedAtOpen(file));
// With entries, the popup also loads its lists (on demand): anything else it loads is a miss of the measure.
const popupLists = (popupOnDemand?.files ?? []).filter((item) => popupLoadedWithHistory.includes(item.file));
const unmeasuredWithHistory = popupLoadedWithHistory.filter(
  (file) => !countedAtOpen(file) && !popupLists.some((item) => item.file === file),
);
/** Every page and open the floor comparison timed, labelled for the table and the budgets. */
const floorOpens = [
  ['Popup, first open (no snapshot)', floor.popup.firstOpen],
  ['Popup, later opens (snapshot)', floor.popup.laterOpen],
  ['Side panel, first open', floor.sidePanel.firstOpen],
  ['Side panel, later opens', floor.sidePanel.laterOpen],
] as const;

/**
 * Each first-frame control of an empty page, with its usable / static frame ratio in every open that shows
 * it (the side panel has no *Open side panel*): the budget is the worst of them. Those only a page in use
 * shows are budgeted below, from the pages that show them.
 */
const inUseOnly: readonly string[] = IN_USE_CONTROLS;
const emptyPageControls = Object.keys(FRAME_CONTROLS).filter((name) => !inUseOnly.includes(name));
const controlOpens = emptyPageControls.map((name) => {
  const opens = floorOpens.flatMap(([label, open]) => {
    const control = open.controls[name];
    return control ? [{ label, ...control }] : [];
  });
  return { name, opens, worst: Math.max(...opens.map((open) => open.ratio)) };
});

/**
 * The controls only a page in use shows (its profile switch, the buttons on its results and jobs), in each
 * open of that page: the budget is the worst of the later opens, which paint them from what the page kept
 * (the snapshot, the lists' copy). A first open has nothing kept and shows them with React (reported).
 */
const inUseOpens = [
  ['Popup, first open (nothing kept)', inUse.popup.firstOpen, false],
  ['Popup, later opens', inUse.popup.laterOpen, true],
  ['Side panel, first open (nothing kept)', inUse.sidePanel.firstOpen, false],
  ['Side panel, later opens', inUse.sidePanel.laterOpen, true],
] as const;
const inUseControls = IN_USE_CONTROLS.map((name) => {
  const opens = inUseOpens.flatMap(([label, open, kept]) => {
    const control = open.controls[name];
    return control ? [{ label, kept, ...control }] : [];
  });
  const later = opens.filter((open) => open.kept);
  return { name, opens, worst: later.length ? Math.max(...later.map((open) => open.ratio)) : Number.NaN };
});

const [fewest, most] = atScale.writes;
/** Bytes one write of `kind` takes with the largest history over those with the smallest (poll: median). */
const writeRatio = (kind: 'poll' | 'image'): number => {
  const bytes = (cost: WriteCost | undefined) =>
    (kind === 'poll' ? cost?.poll.median : cost?.image) ?? Number.NaN;
  return round(bytes(most) / bytes(fewest), 2);
};

const budgets: Budget[] = [
  atMost(
    'Popup bundle at open (JS+CSS gzip)',
    popupSize,
    baselineGzip + 15 * KB,
    'bytes',
    'bare React + 15 KB',
  ),
  atMost('Popup files fetched at open but not counted', uncounted.length, 0, '', uncounted.join(', ')),
  atMost('Popup: media viewer files reachable', viewerInPopup.length, 0, '', 'unless the popup imports it'),
  // 40 KB until the backup (#37), which runs from the worker by alarm: docs/performance.md says why.
  atMost('Background bundle (gzip)', backgroundSize, 56 * KB, 'bytes'),
  atMost('Popup first paint / bare React page', popup.ratio, 1.3, 'x'),
  ...floorOpens.flatMap(([label, open]) => [
    atMost(`${label}: first paint / its static HTML frame`, open.paintRatio, 1.2, 'x'),
    atMost(`${label}: interactive / its static HTML frame`, open.interactiveRatio, 1.5, 'x'),
  ]),
  ...controlOpens.map(({ name, worst }) =>
    atMost(
      `${name}: usable / its page's static HTML frame (worst open of popup and side panel)`,
      worst,
      1.5,
      'x',
    ),
  ),
  ...inUseControls.map(({ name, worst }) =>
    atMost(
      `${name}: usable / its page's static HTML frame (worst later open of popup and side panel in use)`,
      worst,
      1.5,
      'x',
    ),
  ),
  atMost('Popup first paint / bare React, 50 jobs + 200 history', scaled.popup.ratio, 1.2, 'x'),
  atMost(
    `History page, ${history.entries} entries to first screenful / bare React list`,
    history.ratio,
    1.3,
    'x',
  ),
  atMost(
    `Compare view, ${compareView.tiles} tiles: press to painted / bare React list (the history page's budget)`,
    compareView.ratio,
    1.3,
    'x',
  ),
  atMost(
    `Popup longest task while ${kb(KEEP_VIDEO_BYTES)} is kept`,
    keep.longestTaskWhileKeepingMs,
    LONG_TASK_MS,
    'ms',
  ),
  atMost(
    `Poll gap of a job running during the keep`,
    keep.longestPollGapMs,
    POLL_INTERVAL_SEC * 1000 + POLL_TOLERANCE_MS,
    'ms',
    'interval + tolerance',
  ),
  atMost('Worker cold start to ping answer (median)', cold.promptcast.median, 100, 'ms'),
  budgetCheckBudget(budgetCheck),
  ...backupSpeedBudgets(backup),
  atMost(`Idle: service requests in ${IDLE_SEC} s`, idle.requests, 0, ''),
  atMost(`Idle: alarms in ${IDLE_SEC} s (most at any time)`, idle.alarmsMax, 0, ''),
  atMost(`Polls per ${POLL_JOB_SEC} s job, worker awake (worst run)`, polling.awake.polls.max, pollLimit, ''),
  atMost(
    `Polls per ${POLL_JOB_SEC} s job, worker stopped (worst run)`,
    polling.stopped.polls.max,
    pollLimit,
    '',
  ),
  atMost(
    'Completion to notification, worker awake (median)',
    polling.awake.notifyDelayMs.median,
    delayLimit,
    'ms',
  ),
  atMost(
    'Completion to notification, worker stopped (median)',
    polling.stopped.notifyDelayMs.median,
    delayLimit,
    'ms',
  ),
  atMost(`Keep-alive calls while idle for ${IDLE_SEC} s`, keepAlive.idleCalls, 0, ''),
  atLeast(
    `Keep-alive calls while a ${SLOW_IMAGE_SEC} s image is pending`,
    keepAlive.pendingCalls,
    Math.floor(SLOW_IMAGE_SEC / 20),
    '',
  ),
  ...(['poll', 'image'] as const).map((kind) =>
    atMost(
      `Bytes written by one ${kind}, ${SIZES[1]} / ${SIZES[0]} entries`,
      writeRatio(kind),
      1.1,
      'x',
      'the same within 10 %',
    ),
  ),
  atMost(
    `History page, ${atScale.page.entries} entries to first screenful / bare React list of ${BASELINE_ROWS}`,
    atScale.page.ratio,
    1.3,
    'x',
  ),
  atMost(
    `History page, ${atLargest.page.entries} entries to first screenful / bare React list of ${BASELINE_ROWS}`,
    atLargest.page.ratio,
    1.3,
    'x',
  ),
  ...(['exported', 'imported'] as const).map((way) =>
    atMost(
      `History page longest task while ${atLargest.page.entries} entries are ${way} (fails when not done)`,
      atLargest[way].failure ? Number.NaN : atLargest[way].longestTaskMs,
      100,
      'ms',
    ),
  ),
  atMost(
    `History page heap with ${atLargest.page.entries} entries, every one read by a search`,
    round(atLargest.heap / (KB * KB), 1),
    64,
    'MB',
  ),
  ...(
    [
      [atScale.firstSearch, 150],
      [atLargest.firstSearch, 300],
    ] as const
  ).map(([first, limit]) =>
    atMost(
      `First search of a page just opened, ${first.entries} entries: keystroke to first row painted (median)`,
      first.ms.median,
      limit,
      'ms',
    ),
  ),
  atMost(
    `Search over ${atScale.search.entries} entries, keystroke to result (median)`,
    atScale.search.ms.median,
    50,
    'ms',
  ),
  atMost(
    `Search over ${atScale.search.entries} entries, keystroke to result (95th percentile)`,
    atScale.search.p95,
    100,
    'ms',
  ),
  atMost(
    `Popup first paint / bare React page, ${atScale.popup.entries} history entries`,
    atScale.popup.ratio,
    1.3,
    'x',
  ),
  atMost(
    `Popup first paint / bare React page, ${withProfiles.profiles} profiles`,
    withProfiles.ratio,
    1.3,
    'x',
  ),
  atMost(
    `Popup first paint / bare React page, ${withLibrary.prompts} library prompts`,
    withLibrary.ratio,
    1.3,
    'x',
  ),
  atLeast(`Scale: videos completed of ${SCALE_JOBS}`, scaled.completed, SCALE_JOBS, ''),
  atMost('Scale: peak concurrent polls', scaled.peakConcurrentPolls, POLL_CONCURRENCY, ''),
  atMost(`Scale: notifications for ${SCALE_JOBS} videos`, scaled.notifications, notificationLimit, ''),
];

const sizeRow = (name: string): Row => {
  const size = name === 'background' ? backgroundBundle : sizes[name];
  const later = name === 'background' ? undefined : sizes[name]?.onDemand;
  return {
    metric: `Bundle ${name} at open (gzip)`,
    value: size ? kb(size.total) : 'missing',
    detail: size
      ? `JS ${kb(size.js)} + CSS ${kb(size.css)}, ${size.files.length} files` +
        (later ? `; on demand ${kb(later.total)} more in ${later.files.length} files` : '')
      : '',
  };
};
const rows: Row[] = [
  ...['popup', 'sidepanel', 'options', 'history', 'background'].map(sizeRow),
  {
    metric: 'Popup files at open (on demand)',
    value: `${sizes.popup?.files.length ?? 0} (${popupOnDemand?.files.length ?? 0})`,
    detail: `${(sizes.popup?.files ?? []).map((item) => item.file).join(', ')}; on demand: ${(popupOnDemand?.files ?? []).map((item) => item.file).join(', ')}`,
  },
  {
    metric: 'Popup with 200 history entries: fetched after its first frame',
    value: kb(popupLists.reduce((sum, item) => sum + item.gzip, 0)),
    detail: `${popupLists.map((item) => item.file).join(', ') || 'nothing'} (its lists, drawn a frame after the first)${unmeasuredWithHistory.length ? `; not measured: ${unmeasuredWithHistory.join(', ')}` : ''}`,
  },
  {
    metric: 'Bundle bare React page (gzip)',
    value: kb(baselineGzip),
    detail: 'baseline: React 19 + one line',
  },
  {
    metric: 'Popup: navigation to cached balance painted',
    value: `${ms(popup.promptcast.median)} (${popup.ratio}x)`,
    detail: `bare React ${ms(popup.baseline.median)}; popup frame ${ms(popup.promptcastShell.median)}; ${spread(popup.promptcast, ms)}`,
  },
  {
    metric: 'Static HTML floor: popup first frame / side panel first frame',
    value: `${ms(floor.floors.popupForm.median)} / ${ms(floor.floors.sidePanel.median)}`,
    detail: `each page's built markup and styles without a script; the popup's with the balance in its slot ${ms(floor.floors.popupBalance.median)}; ${spread(floor.floors.popupForm, ms)}`,
  },
  {
    metric: 'Text-only page of the popup',
    value: `${ms(floor.textFloor.median)}`,
    detail: `${floor.textFloorChars} characters, no script or style; the popup's later opens paint at ${floor.popupOverText}x it; ${spread(floor.textFloor, ms)}`,
  },
  ...floorOpens.flatMap(([label, open]): Row[] => [
    {
      metric: `${label}: first paint / its static HTML frame`,
      value: `${open.paintRatio}x`,
      detail: `first frame painted ${ms(open.paint.median)}; ${spread(open.paint, ms)}`,
    },
    {
      metric: `${label}: interactive / its static HTML frame`,
      value: `${open.interactiveRatio}x`,
      detail: `typing accepted, a Generate click acted on ${ms(open.interactive.median)}; React hydrated ${ms(open.hydrated.median)} (${open.hydratedRatio}x); ${spread(open.interactive, ms)}`,
    },
  ]),
  ...controlOpens.map(
    ({ name, opens, worst }): Row => ({
      metric: `${name}: usable / its page's static HTML frame (worst open)`,
      value: `${worst}x`,
      detail: opens.map((open) => `${open.label} ${ms(open.usable.median)} (${open.ratio}x)`).join('; '),
    }),
  ),
  ...inUseControls.map(
    ({ name, opens, worst }): Row => ({
      metric: `${name}: usable / its page's static HTML frame (worst later open, page in use)`,
      value: `${worst}x`,
      detail: opens.map((open) => `${open.label} ${ms(open.usable.median)} (${open.ratio}x)`).join('; '),
    }),
  ),
  {
    metric: 'Popup, later opens: cached balance painted / its static HTML frame with the balance',
    value: `${floor.popupCachedBalance.paintRatio}x`,
    detail: `${ms(floor.popupCachedBalance.paint.median)}, usually the frame after the form (the page shell, a module, paints it); ${spread(floor.popupCachedBalance.paint, ms)}`,
  },
  {
    metric: 'Side panel interactive / popup interactive',
    value: `${panel.ratio}x`,
    detail: `panel ${ms(panel.panel.median)}, popup ${ms(panel.popup.median)} (snapshot in place); ${spread(panel.panel, ms)}`,
  },
  {
    metric: 'Popup with 50 running jobs + 200 history',
    value: `${ms(scaled.popup.promptcast.median)} (${scaled.popup.ratio}x)`,
    detail: `bare React ${ms(scaled.popup.baseline.median)}; popup frame ${ms(scaled.popup.promptcastShell.median)}; ${scaled.historyEntries} entries, ${scaled.runningWhenPopupMeasured}..${scaled.runningAfterPopupMeasured} running`,
  },
  {
    metric: `History page: ${history.entries} entries, first ${FIRST_SCREEN_ROWS} rows painted`,
    value: `${ms(history.promptcast.median)} (${history.ratio}x)`,
    detail: `bare React list ${ms(history.baseline.median)}; first text ${ms(history.promptcastShell.median)}; ${history.videos} videos; until the ${FIRST_SCREEN_ROWS}th ${HISTORY_ENTRY} is painted; ${spread(history.promptcast, ms)}`,
  },
  {
    metric: `Compare view: ${compareView.tiles} models' results, from the press of Compare on the settled history page to all pictures painted`,
    value: `${ms(compareView.promptcast.median)} (${compareView.ratio}x)`,
    detail: `bare React list of ${BASELINE_ROWS} rows ${ms(compareView.baseline.median)}; the view's code loads on the press; ${spread(compareView.promptcast, ms)}`,
  },
  ...atScale.writes.map(
    (cost): Row => ({
      metric: `Bytes written with ${cost.entries} history entries: poll / finished image`,
      value: `${kb(cost.poll.median)} / ${kb(cost.image)}`,
      detail: `polls ${cost.poll.samples.join('/')} bytes; the image's entry, cost and kept copy`,
    }),
  ),
  {
    metric: `History page: ${atScale.page.entries} entries, first ${atScale.page.rows} rows painted`,
    value: `${ms(atScale.page.promptcast.median)} (${atScale.page.ratio}x)`,
    detail: `bare React list of ${BASELINE_ROWS} rows ${ms(atScale.page.baseline.median)}; ${spread(atScale.page.promptcast, ms)}`,
  },
  {
    metric: `History page: ${atLargest.page.entries} entries, first ${atLargest.page.rows} rows painted`,
    value: `${ms(atLargest.page.promptcast.median)} (${atLargest.page.ratio}x)`,
    detail: `bare React list of ${BASELINE_ROWS} rows ${ms(atLargest.page.baseline.median)}; ${spread(atLargest.page.promptcast, ms)}`,
  },
  ...(['exported', 'imported'] as const).map(
    (way): Row => ({
      metric: `History page: ${atLargest.page.entries} entries ${way} (a ${kb(atLargest[way].bytes)} file)`,
      value: ms(atLargest[way].ms),
      detail: `from the ${way === 'exported' ? 'press of Export' : 'file chosen'} to the page saying so; longest task ${ms(atLargest[way].longestTaskMs)}${atLargest[way].failure ? `; ${atLargest[way].failure}` : ''}`,
    }),
  ),
  {
    metric: `History page heap with ${atLargest.page.entries} entries, every one read by a search`,
    value: kb(atLargest.heap),
    detail: 'after a garbage collection; the search index keeps each entry with what a query looks at',
  },
  ...[atScale.firstSearch, atLargest.firstSearch].map(
    (first): Row => ({
      metric: `First search of a page just opened, ${first.entries} entries: "${first.query}" typed to its first row painted`,
      value: ms(first.ms.median),
      detail: `a new page each time, after its first screenful; ${spread(first.ms, ms)}`,
    }),
  ),
  {
    metric: `Search over ${atScale.search.entries} entries: keystroke to result painted`,
    value: `${ms(atScale.search.ms.median)} median, ${ms(atScale.search.p95)} p95`,
    detail: `${atScale.search.keystrokes} keystrokes; ${spread(atScale.search.ms, ms)}`,
  },
  {
    metric: `Popup with ${atScale.popup.entries} history entries`,
    value: `${ms(atScale.popup.promptcast.median)} (${atScale.popup.ratio}x)`,
    detail: `bare React ${ms(atScale.popup.baseline.median)}; ${spread(atScale.popup.promptcast, ms)}`,
  },
  {
    metric: `Popup with ${withProfiles.profiles} profiles`,
    value: `${ms(withProfiles.promptcast.median)} (${withProfiles.ratio}x)`,
    detail: `bare React ${ms(withProfiles.baseline.median)}; ${spread(withProfiles.promptcast, ms)}`,
  },
  {
    metric: `Popup with ${withLibrary.prompts} library prompts`,
    value: `${ms(withLibrary.promptcast.median)} (${withLibrary.ratio}x)`,
    detail: `bare React ${ms(withLibrary.baseline.median)}; ${spread(withLibrary.promptcast, ms)}`,
  },
  {
    metric: 'Unlock to first request (a video pending)',
    value: ms(unlock.firstRequestMs.median),
    detail: `unlock answered after ${ms(unlock.answerMs.median)}; ${spread(unlock.firstRequestMs, ms)}`,
  },
  {
    metric: `Popup while a ${kb(KEEP_VIDEO_BYTES)} video is kept`,
    value: `longest task ${ms(keep.longestTaskWhileKeepingMs)}`,
    detail: `${keep.longTasksWhileKeeping.length} long tasks while keeping (${keep.longTasksWhileKeeping.join('/') || 'none'} ms), longest incl. popup start ${ms(keep.longestTaskAnyMs)}; kept ${ms(keep.keepMs)} after completion`,
  },
  {
    metric: `Polling every ${POLL_INTERVAL_SEC} s during the keep`,
    value: `longest gap ${ms(keep.longestPollGapMs)}`,
    detail: `gaps ${keep.pollGapsMs.join('/')} ms`,
  },
  slowKeepRow(slowKeep),
  budgetCheckRow(budgetCheck),
  ...backupSpeedRows(backup),
  {
    metric: 'Worker cold start: stop, then ping answered',
    value: `${ms(cold.promptcast.median)} (${cold.ratio}x)`,
    detail: `trivial worker ${ms(cold.baseline.median)}; warm ping ${ms(cold.promptcastWarm.median)}; ${spread(cold.promptcast, ms)}`,
  },
  {
    metric: `Idle ${IDLE_SEC} s: requests / alarms`,
    value: `${idle.requests} / ${idle.alarmsMax}`,
    detail: idle.requests > 0 ? idle.requestPaths.slice(0, 5).join(', ') : 'worker stopped and woken halfway',
  },
  ...(['awake', 'stopped'] as const).map(
    (variant): Row => ({
      metric: `Polling ${POLL_JOB_SEC} s job every ${POLL_INTERVAL_SEC} s, worker ${variant}`,
      value: `${polling[variant].polls.median} polls, +${ms(polling[variant].notifyDelayMs.median)}`,
      detail: `polls ${polling[variant].polls.samples.join('/')}; notified ${polling[variant].notifyDelayMs.samples.join('/')} ms, finishedAt ${polling[variant].finishedDelayMs.samples.join('/')} ms after completion`,
    }),
  ),
  {
    metric: `Keep-alive calls: idle ${IDLE_SEC} s / ${SLOW_IMAGE_SEC} s image pending`,
    value: `${keepAlive.idleCalls} / ${keepAlive.pendingCalls}`,
    detail: 'runtime.getPlatformInfo calls counted in the worker',
  },
  {
    metric: `Scale: ${SCALE_JOBS} videos at once (${SCALE_LATENCY_MS} ms latency)`,
    value: `${scaled.completed}/${SCALE_JOBS} done in ${scaled.secondsToAllDone} s`,
    detail: `${scaled.polls} polls; peak concurrent polls ${scaled.peakConcurrentPolls} (sampled ${scaled.sampledPeakPolls}), all requests ${scaled.peakConcurrentRequests} (sampled ${scaled.sampledPeakRequests}); ${scaled.notifications} notifications`,
  },
];

const failed = budgets.filter((budget) => !budget.pass);
const results = {
  date: new Date().toISOString(),
  durationSec: Math.round((Date.now() - began) / 1000),
  machine: { ...machine, loadAverageAtEnd: os.loadavg().map((value) => Number(value.toFixed(2))) },
  settings: {
    runs: RUNS,
    pollRuns: POLL_RUNS,
    idleSec: IDLE_SEC,
    polling: { jobSec: POLL_JOB_SEC, pollIntervalSec: POLL_INTERVAL_SEC },
    scale: { jobs: SCALE_JOBS, latencyMs: SCALE_LATENCY_MS, jobSec: SCALE_JOB_SEC },
  },
  bundle: {
    entries: { ...sizes, background: backgroundBundle },
    bareReactGzip: baselineGzip,
    popupLoadedAtOpen: popupLoaded,
  },
  popup,
  physicalFloor: floor,
  sidePanel: panel,
  coldStart: cold,
  history,
  keepDuringPopup: keep,
  keepOnSlowLine: slowKeep,
  idle,
  polling,
  keepAlive,
  scale: scaled,
  historyAtScale: atScale,
  popupWithProfiles: withProfiles,
  popupWithLibrary: withLibrary,
  unlockToFirstRequest: unlock,
  budgetCheck,
  backup,
  budgets,
  pass: failed.length === 0,
};
const outDir = path.join(repoRoot, 'bench-results');
mkdirSync(outDir, { recursive: true });
writeFileSync(path.join(outDir, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
writeReportSection({
  id: 'bench',
  run: {
    date: results.date,
    cores: machine.cpus,
    notes: [
      machine.chromium,
      `Node ${machine.node}`,
      `load average ${machine.loadAverageAtStart.join(' / ')} at the start`,
      `${RUNS} runs per timing (BENCH_RUNS)`,
      `${results.durationSec} s`,
    ],
  },
  budgets,
  figures: rows,
});

console.log(
  `\nPromptcast bench, ${results.date} (${machine.cpus} CPUs, ${machine.chromium}, ${results.durationSec} s)\n`,
);
console.log(formatFigures(rows));
console.log('');
console.log(formatBudgets(budgets));
console.log(
  `\n${budgets.length - failed.length}/${budgets.length} budgets pass. Results: ${path.relative(repoRoot, path.join(outDir, 'latest.json'))}; report: ${path.relative(repoRoot, BENCH_REPORT)}`,
);
if (failed.length > 0 && process.argv.includes('--strict')) process.exitCode = 1;
