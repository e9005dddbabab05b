/**
 * The bench's baseline: a minimal unpacked extension with a bare React page that renders one line of
 * text, a bare React page that lists text rows, and a trivial service worker that answers `ping`. Loaded
 * next to Promptcast in the same Chromium, it is what Promptcast's popup, history page and cold start are
 * compared with, so machine noise cancels out.
 */

import { createHash, generateKeyPairSync } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { minify } from 'terser';
import { TERSER_OPTIONS } from '../../build/minify';
import { repoRoot } from '../e2e/support/paths';

export interface BaselineExtension {
  dir: string;
  /** Fixed by the manifest's `key`, so it is known before the browser starts. */
  id: string;
  /** Bytes of the page's one script (React + react-dom + one line), as shipped. */
  script: Uint8Array;
}

export const BASELINE_PAGE = 'page.html';
export const BASELINE_TEXT = '1,000 credits';

const pageSource = `
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

const root = document.getElementById('root');
if (root) createRoot(root).render(<StrictMode><p data-testid="baseline">${BASELINE_TEXT}</p></StrictMode>);
`;

export const BASELINE_LIST_PAGE = 'list.html';
export const BASELINE_ROW = '[data-testid="baseline-row"]';
/** As many rows as the history page is measured with. */
export const BASELINE_ROWS = 200;

const listSource = `
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

const rows = Array.from({ length: ${BASELINE_ROWS} }, (_, i) => 'Image ' + (i + 1) + ': a lighthouse at dusk, oil painting');
const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <ul>{rows.map((row) => <li key={row} data-testid="baseline-row">{row}</li>)}</ul>
    </StrictMode>,
  );
`;

const workerSource = `chrome.runtime.onMessage.addListener((message, _sender, reply) => {
  if (message && message.type === 'ping') reply({ ok: true });
});
`;

/** The same head as Vite's output: one module script, then the root element. */
const pageHtml = (script: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Baseline</title>
    <script type="module" src="/${script}"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

async function bundleReactPage(source: string, name: string): Promise<Uint8Array> {
  const result = await build({
    stdin: { contents: source, loader: 'tsx', resolveDir: repoRoot, sourcefile: name },
    bundle: true,
    format: 'esm',
    jsx: 'automatic',
    minify: true,
    target: 'es2022',
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
    logLevel: 'silent',
  });
  const script = result.outputFiles[0]?.text;
  if (!script) throw new Error(`esbuild produced no script for ${name}`);
  // Minified again as shipped builds are (terser), so the bundle budget compares like with like.
  const minified = await minify(script, { ...TERSER_OPTIONS, module: true });
  return new TextEncoder().encode(minified.code ?? script);
}

/** Chromium's extension id: the first 128 bits of SHA-256 of the public key, as letters a..p. */
function extensionId(publicKeyDer: Buffer): string {
  const hex = createHash('sha256').update(publicKeyDer).digest('hex').slice(0, 32);
  return [...hex].map((digit) => String.fromCharCode(97 + Number.parseInt(digit, 16))).join('');
}

export async function buildBaseline(): Promise<BaselineExtension> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'promptcast-bench-baseline-'));
  const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const der = publicKey.export({ type: 'spki', format: 'der' });

  const script = await bundleReactPage(pageSource, 'baseline.tsx');
  const listScript = await bundleReactPage(listSource, 'baseline-list.tsx');

  const manifest = {
    manifest_version: 3,
    name: 'Promptcast bench baseline',
    version: '1.0.0',
    key: der.toString('base64'),
    background: { service_worker: 'bg.js' },
  };
  writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  writeFileSync(path.join(dir, BASELINE_PAGE), pageHtml('page.js'));
  writeFileSync(path.join(dir, 'page.js'), script);
  writeFileSync(path.join(dir, BASELINE_LIST_PAGE), pageHtml('list.js'));
  writeFileSync(path.join(dir, 'list.js'), listScript);
  writeFileSync(path.join(dir, 'bg.js'), workerSource);
  return { dir, id: extensionId(der), script };
}

/** The text-only floor: plain HTML, no script, no style, loaded as an extension page like the others. */
export const STATIC_PAGE = 'static.html';

/** The page's own first frame as static HTML: its built markup and inline styles, without a script. */
export const staticFramePage = (page: 'popup' | 'sidepanel') => `static-${page}.html`;

/**
 * Writes `page`'s built HTML into the baseline extension without its scripts (and their preloads), with
 * `balance` in its balance slot where given, as the page shell paints it from the snapshot: the floor a
 * page built at build time can reach, since nothing but parsing and painting that same markup remains.
 * The icons come along, so the frame's logo loads as it does in Promptcast.
 */
export function writeStaticFrame(
  dir: string,
  extensionDir: string,
  page: 'popup' | 'sidepanel',
  balance?: string,
): void {
  let html = readFileSync(path.join(extensionDir, `${page}.html`), 'utf8')
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '');
  if (balance !== undefined) {
    const slot = /(data-testid="balance"[^>]*>)[^<]*/;
    if (!slot.test(html)) throw new Error(`no balance slot in ${page}.html`);
    html = html.replace(slot, `$1${escapeHtml(balance)}`);
  }
  cpSync(path.join(extensionDir, 'icon'), path.join(dir, 'icon'), { recursive: true });
  writeFileSync(path.join(dir, staticFramePage(page)), html);
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Writes the static floor page with `text` (the popup's first frame, line by line); the line with the
 * balance carries the same marker as the bare React page's, so both are timed by the same probe. Chrome
 * reads an unpacked extension's files when they are requested, so this can be written after launch.
 */
export function writeStaticFloor(dir: string, text: string): void {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (!lines.some((line) => /credits/.test(line))) throw new Error(`no balance line in: ${text}`);
  let marked = false;
  const body = lines
    .map((line) => {
      const marker = !marked && /credits/.test(line) ? ' data-testid="baseline"' : '';
      if (marker) marked = true;
      return `    <p${marker}>${escapeHtml(line)}</p>`;
    })
    .join('\n');
  writeFileSync(
    path.join(dir, STATIC_PAGE),
    `<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="utf-8" />\n    <title>Floor</title>\n  </head>\n  <body>\n${body}\n  </body>\n</html>\n`,
  );
}
