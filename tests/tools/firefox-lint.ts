/**
 * `npm run lint:firefox` (after `wxt build -b firefox`): Mozilla's add-on linter (`web-ext lint`) over
 * .output/firefox-mv2. web-ext's exit code reflects errors only, so this reads its JSON report and fails
 * on any error and on any warning, except the one every React build carries: react-dom assigning
 * `innerHTML` to implement `dangerouslySetInnerHTML` (UNSAFE_VAR_ASSIGNMENT). A warning is let through
 * only when the flagged code is that assignment, so the same warning raised by our own code still fails.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');
/** The built extension to lint; another folder may be given as the first argument. */
const sourceDir = path.resolve(repoRoot, process.argv[2] ?? '.output/firefox-mv2');

interface LintMessage {
  code: string;
  message: string;
  description?: string;
  file?: string;
  line?: number;
  column?: number;
}

interface LintReport {
  summary: { errors: number; warnings: number; notices: number };
  errors: LintMessage[];
  warnings: LintMessage[];
  notices: LintMessage[];
}

/** react-dom's setProp for dangerouslySetInnerHTML: `...dangerouslySetInnerHTML...__html...x.innerHTML=y`. */
function isReactDomInnerHtml(message: LintMessage, dir: string): boolean {
  if (message.code !== 'UNSAFE_VAR_ASSIGNMENT' || !message.file || !message.line) return false;
  const file = path.join(dir, message.file);
  if (!existsSync(file)) return false;
  const line = readFileSync(file, 'utf8').split('\n')[message.line - 1] ?? '';
  const column = message.column ?? 0;
  const before = line.slice(Math.max(0, column - 400), column + 40);
  return (
    /\.innerHTML\s*=/.test(line.slice(Math.max(0, column - 40), column + 40)) &&
    before.includes('dangerouslySetInnerHTML') &&
    before.includes('__html')
  );
}

function formatMessage(message: LintMessage): string {
  const where = message.file
    ? ` (${message.file}${message.line ? `:${message.line}:${message.column ?? 0}` : ''})`
    : '';
  return `${message.code}: ${message.message}${where}`;
}

function main(): number {
  if (!existsSync(path.join(sourceDir, 'manifest.json'))) {
    console.error(
      `No Firefox build in ${path.relative(repoRoot, sourceDir)}: run \`npm run build:firefox\` first.`,
    );
    return 1;
  }
  const webExt = path.join(repoRoot, 'node_modules/.bin/web-ext');
  const run = spawnSync(
    webExt,
    ['lint', '--source-dir', sourceDir, '--output', 'json', '--no-config-discovery', '--boring'],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const json = run.stdout.slice(run.stdout.indexOf('{'));
  let report: LintReport;
  try {
    report = JSON.parse(json) as LintReport;
  } catch {
    console.error('web-ext lint did not produce a JSON report:');
    console.error(run.stdout, run.stderr);
    return 1;
  }

  const allowed = report.warnings.filter((warning) => isReactDomInnerHtml(warning, sourceDir));
  const warnings = report.warnings.filter((warning) => !allowed.includes(warning));
  for (const error of report.errors) console.error(`error    ${formatMessage(error)}`);
  for (const warning of warnings) console.error(`warning  ${formatMessage(warning)}`);
  for (const notice of report.notices) console.log(`notice   ${formatMessage(notice)}`);
  for (const warning of allowed)
    console.log(`allowed  ${formatMessage(warning)} [react-dom's dangerouslySetInnerHTML]`);

  const failed = report.errors.length > 0 || warnings.length > 0;
  console.log(
    `web-ext lint ${path.relative(repoRoot, sourceDir)}: ${report.errors.length} errors, ` +
      `${report.warnings.length} warnings (${allowed.length} inside react-dom, allowed), ` +
      `${report.notices.length} notices: ${failed ? 'FAIL' : 'OK'}`,
  );
  return failed ? 1 : 0;
}

process.exitCode = main();
