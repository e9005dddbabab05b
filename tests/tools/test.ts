/**
 * `npm test`: every check, without building anything twice:
 * - one production build per browser, with its zips (`tests/tools/zip.ts` into .output): the Chromium specs
 *   load .output/chrome-mv3, the Firefox lint reads .output/firefox-mv2 and the package test the zips;
 * - the Firefox specs' own build (`--mode e2e`, with their test hook) and the release before #24, which the
 *   upgrade specs load, built once beside them (it has a folder and a .wxt of its own);
 * - the builds and the lints overlap; the three suites (Chromium specs, unit, Firefox specs) run one after
 *   another once every build is done, as specs that time real work need the two cores to themselves.
 * Each step's output is printed whole when it ends (test-results/steps/ keeps it), then a table of the
 * steps' times. Last, the tree must be as the run found it: a run that writes a tracked file, or leaves an
 * untracked one outside the ignored folders, fails.
 */
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const logs = path.join(repoRoot, 'test-results/steps');

interface Step {
  name: string;
  command: string[];
  /** Steps that must have passed first. */
  after?: string[];
  /** Steps that must have ended first, passed or not: a suite waits for the machine, not for a verdict. */
  afterEnded?: string[];
  env?: Record<string, string>;
}

const tsx = (script: string, ...args: string[]) => ['npx', 'tsx', `tests/tools/${script}`, ...args];
/** The builds and the steps that read them, longest chain (the Chromium specs) first. */
const STEPS: Step[] = [
  { name: 'lint', command: ['npx', 'biome', 'check', '.'] },
  // The import boundaries (.dependency-cruiser.cjs): reads the sources only, beside the rest.
  { name: 'lint deps', command: tsx('lint-deps.ts') },
  // Before any build: each build writes .wxt/, which the type check reads.
  { name: 'typecheck', command: ['npx', 'tsc', '--noEmit'] },
  // Its own folder and .wxt: built beside today's build. Chromium's first, which the Chromium specs wait for.
  { name: 'release chrome', command: tsx('previous-release.ts', 'chrome'), after: ['typecheck'] },
  { name: 'release firefox', command: tsx('previous-release.ts', 'firefox'), after: ['release chrome'] },
  // One build at a time in this folder: each regenerates .wxt/.
  { name: 'build chrome', command: tsx('zip.ts', '.output', 'chrome'), after: ['typecheck'] },
  { name: 'build firefox', command: tsx('zip.ts', '.output', 'firefox'), after: ['build chrome'] },
  {
    name: 'build firefox e2e',
    command: ['npx', 'wxt', 'build', '-b', 'firefox', '--mode', 'e2e'],
    after: ['build firefox'],
    // A mode other than production would otherwise bundle React's development build.
    env: { NODE_ENV: 'production' },
  },
  { name: 'lint firefox', command: tsx('firefox-lint.ts'), after: ['build firefox'] },
  // The three suites one after another, once every build is done: run beside builds or each other on two
  // cores, specs that time real work (a 20,000-entry migration, a 1,000-prompt library) ran out of time.
  {
    name: 'e2e chromium',
    command: ['npx', 'playwright', 'test'],
    after: ['build chrome', 'release chrome', 'build firefox e2e', 'lint firefox', 'release firefox'],
    env: { E2E_SKIP_BUILD: '1' },
  },
  // Its development build writes .wxt/ too: after the last build here.
  {
    name: 'unit',
    command: ['npx', 'vitest', 'run'],
    after: ['build firefox e2e'],
    afterEnded: ['e2e chromium'],
    env: { PROMPTCAST_PACKAGES: '.output' },
  },
  {
    name: 'e2e firefox',
    command: ['npx', 'vitest', 'run', '--config', 'vitest.firefox.config.ts'],
    after: ['build firefox e2e', 'release firefox'],
    afterEnded: ['unit'],
    env: { E2E_SKIP_BUILD: '1' },
  },
];

/** Each changed or untracked file outside the ignored folders, with a hash of what it holds now. */
function treeState(): Map<string, string> | undefined {
  let listing: string;
  try {
    listing = execFileSync('git', ['status', '--porcelain=v1', '-z', '--untracked-files=all'], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
  } catch {
    return undefined;
  }
  const state = new Map<string, string>();
  for (const line of listing.split('\0').filter(Boolean)) {
    const file = line.slice(3);
    const full = path.join(repoRoot, file);
    const content = existsSync(full) ? createHash('sha256').update(readFileSync(full)).digest('hex') : 'gone';
    state.set(file, `${line.slice(0, 2)} ${content}`);
  }
  return state;
}

/** Where a step's whole output is written. */
const logFileOf = (step: Step) => path.join(logs, `${step.name.replaceAll(' ', '-')}.log`);

function run(step: Step): Promise<{ ok: boolean; seconds: number }> {
  const started = Date.now();
  const logFile = logFileOf(step);
  const log = createWriteStream(logFile);
  console.log(`▶ ${step.name}: ${step.command.join(' ')}`);
  const [program = 'npx', ...args] = step.command;
  const child = spawn(program, args, { cwd: repoRoot, env: { ...process.env, ...step.env } });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      log.end(() => {
        const seconds = Math.round((Date.now() - started) / 1000);
        const ok = code === 0;
        console.log(`\n━━ ${step.name} ━━ (${ok ? 'passed' : `failed, exit ${code}`}, ${seconds} s)`);
        process.stdout.write(readFileSync(logFile, 'utf8'));
        resolve({ ok, seconds });
      });
    });
  });
}

mkdirSync(logs, { recursive: true });
const before = treeState();
const started = Date.now();
const results = new Map<string, { ok: boolean; seconds: number }>();
const running = new Map<string, Promise<void>>();
const ready = (step: Step) =>
  (step.after ?? []).every((name) => results.get(name)?.ok) &&
  (step.afterEnded ?? []).every((name) => results.has(name));
const blocked = (step: Step) => (step.after ?? []).some((name) => results.get(name)?.ok === false);
for (;;) {
  for (const step of STEPS) {
    if (results.has(step.name) || running.has(step.name)) continue;
    if (blocked(step)) results.set(step.name, { ok: false, seconds: 0 });
    else if (ready(step))
      running.set(
        step.name,
        run(step).then((result) => {
          results.set(step.name, result);
          running.delete(step.name);
        }),
      );
  }
  if (running.size === 0) break;
  await Promise.race(running.values());
}

console.log('\nStep times (seconds, wall clock; steps overlap):');
for (const step of STEPS) {
  const result = results.get(step.name);
  const outcome = !result?.ok ? (result?.seconds ? 'failed' : 'not run') : 'passed';
  console.log(`  ${step.name.padEnd(20)} ${String(result?.seconds ?? 0).padStart(5)}  ${outcome}`);
}
console.log(`  ${'total'.padEnd(20)} ${String(Math.round((Date.now() - started) / 1000)).padStart(5)}`);

// CI shows only the end of what a run printed, and a step that failed early printed before the later steps:
// its first failure and its summary are repeated here, last.
for (const step of STEPS) {
  const result = results.get(step.name);
  // A step never run (seconds 0) has no log.
  if (result?.ok !== false || !result.seconds) continue;
  const lines = readFileSync(logFileOf(step), 'utf8').split('\n');
  const first = lines.findIndex((line) => /^\s*(1\) |FAIL |⎯+ Failed Tests)/.test(line));
  console.log(`\n━━ ${step.name} failed: its first failure and its summary, again ━━`);
  if (first >= 0) console.log(lines.slice(first, first + 50).join('\n'), '\n…');
  console.log(lines.slice(-15).join('\n'));
}

let clean = true;
const after = treeState();
if (before && after) {
  const changed = [...after].filter(([file, state]) => before.get(file) !== state).map(([file]) => file);
  if (changed.length > 0) {
    clean = false;
    console.log(`\nThe run changed files in the tree (route what tests write to an ignored folder):`);
    for (const file of changed) console.log(`  ${file}`);
  }
} else console.log('\nNot a git work tree: the check that a run leaves the tree as it was is skipped.');

process.exit([...results.values()].every((result) => result.ok) && clean ? 0 : 1);
