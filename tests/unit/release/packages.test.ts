/**
 * The release packages, as `npm run zip` makes them (built once, into a temporary folder): the Chrome and
 * Firefox zips ask for exactly the permissions the extension needs and carry no development service, no
 * demo key and no test code; the Firefox sources zip is buildable source without tests or build output.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTALL_PERMISSIONS } from '../../support/manifest-permissions';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const DEMO_API_KEY = 'demo-key-1234';
const LOOPBACK = ['http://127.0.0.1/*', 'http://localhost/*', 'http://[::1]/*'];
// Plain http is for loopback only, which the manifest grants: no optional http://*/* to ask for.
const ANY_SERVICE = ['https://*/*'];
const version = (JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string })
  .version;

interface Package {
  file: string;
  bytes: number;
  names: string[];
  text: (name: string) => Promise<string>;
}

let outDir = '';
const packages = {} as Record<'chrome' | 'firefox' | 'sources', Package>;

async function open(file: string): Promise<Package> {
  const zip = await JSZip.loadAsync(readFileSync(file));
  const names = Object.values(zip.files)
    .filter((entry) => !entry.dir)
    .map((entry) => entry.name);
  return {
    file,
    bytes: statSync(file).size,
    names,
    text: async (name) => {
      const entry = zip.file(name);
      if (!entry) throw new Error(`${path.basename(file)} has no ${name}`);
      // latin1 keeps every byte, so binary files (icons) can be searched too.
      return Buffer.from(await entry.async('uint8array')).toString('latin1');
    },
  };
}

async function manifestOf(pkg: Package): Promise<Record<string, unknown>> {
  return JSON.parse(await pkg.text('manifest.json')) as Record<string, unknown>;
}

/** Packages `npm test` already made with tests/tools/zip.ts for its other steps: not built twice. */
const madeBefore = process.env.PROMPTCAST_PACKAGES;

beforeAll(async () => {
  if (madeBefore) outDir = path.resolve(repoRoot, madeBefore);
  else {
    outDir = mkdtempSync(path.join(os.tmpdir(), 'promptcast-zip-'));
    const run = promisify(execFile);
    const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');
    // One after the other: both builds regenerate .wxt/.
    for (const browser of ['chrome', 'firefox']) {
      await run(tsx, ['tests/tools/zip.ts', outDir, browser], { cwd: repoRoot });
    }
  }
  packages.chrome = await open(path.join(outDir, `promptcast-${version}-chrome.zip`));
  packages.firefox = await open(path.join(outDir, `promptcast-${version}-firefox.zip`));
  packages.sources = await open(path.join(outDir, `promptcast-${version}-sources.zip`));
  for (const pkg of Object.values(packages)) {
    console.log(`${path.basename(pkg.file)}: ${pkg.bytes} bytes, ${pkg.names.length} files`);
  }
  // Two production builds and three zips: slow on a loaded 2-core machine.
}, 240_000);

afterAll(() => {
  if (outDir && !madeBefore) rmSync(outDir, { recursive: true, force: true });
});

describe.each(['chrome', 'firefox'] as const)('the %s zip', (browser) => {
  it('is a built extension with the package version', async () => {
    const pkg = packages[browser];
    const manifest = await manifestOf(pkg);
    expect(manifest.version).toBe(version);
    expect(manifest.manifest_version).toBe(browser === 'chrome' ? 3 : 2);
    for (const page of ['popup.html', 'options.html', 'history.html', 'background.js']) {
      expect(pkg.names).toContain(page);
    }
  });

  it('contains no test code, sources or source maps', () => {
    for (const name of packages[browser].names) {
      expect(name).not.toMatch(/(^|\/)(tests?|__tests__|e2e|reference-service|node_modules)\//);
      expect(name).not.toMatch(/\.(ts|tsx|map)$|\.(test|spec)\./);
    }
  });

  it('carries no demo key and no development service URL in any file', async () => {
    const pkg = packages[browser];
    for (const name of pkg.names) {
      const text = await pkg.text(name);
      expect(text, name).not.toContain(DEMO_API_KEY);
      expect(text, name).not.toMatch(/(127\.0\.0\.1|localhost|\[::1\]):\d+/);
      expect(text, name).not.toContain('__control');
      // The Firefox specs' context-menu path exists only in `--mode e2e` builds.
      expect(text, name).not.toContain('promptcastTestHooks');
    }
  });

  it('asks for no broad access and no content scripts', async () => {
    const manifest = await manifestOf(packages[browser]);
    expect(JSON.stringify(manifest)).not.toContain('<all_urls>');
    expect(manifest.content_scripts).toBeUndefined();
    expect(manifest.externally_connectable).toBeUndefined();
    expect(manifest.web_accessible_resources).toBeUndefined();
    expect(manifest.key).toBeUndefined();
  });
});

describe('permissions', () => {
  it('Chrome: exactly these APIs (and the side panel), loopback hosts, any other service origin only on request', async () => {
    const manifest = await manifestOf(packages.chrome);
    expect(manifest.permissions).toEqual([...INSTALL_PERMISSIONS, 'sidePanel']);
    expect(manifest.host_permissions).toEqual(LOOPBACK);
    expect(manifest.optional_host_permissions).toEqual(ANY_SERVICE);
    expect(manifest.optional_permissions).toBeUndefined();
  });

  it('Firefox (MV2): the same, with hosts among the permissions and an add-on id', async () => {
    const manifest = await manifestOf(packages.firefox);
    expect(manifest.permissions).toEqual([...INSTALL_PERMISSIONS, ...LOOPBACK]);
    expect(manifest.optional_permissions).toEqual(ANY_SERVICE);
    expect(manifest.host_permissions).toBeUndefined();
    expect(manifest.browser_specific_settings).toMatchObject({ gecko: { id: expect.any(String) } });
  });

  it('declares the side panel (Chrome) or sidebar (Firefox), and the shortcut that opens it, in both', async () => {
    const chrome = await manifestOf(packages.chrome);
    const firefox = await manifestOf(packages.firefox);
    expect(chrome.side_panel).toEqual({ default_path: 'sidepanel.html' });
    expect(firefox.sidebar_action).toMatchObject({ default_panel: 'sidepanel.html' });
    for (const manifest of [chrome, firefox]) {
      expect(manifest.commands).toMatchObject({
        'open-side-panel': { suggested_key: { default: 'Alt+Shift+Y' } },
      });
    }
    expect(packages.firefox.names).toContain('sidepanel.html');
  });

  it('overrides no browser page (an entrypoint named "history" would replace chrome://history)', async () => {
    expect((await manifestOf(packages.chrome)).chrome_url_overrides).toBeUndefined();
    expect((await manifestOf(packages.firefox)).chrome_url_overrides).toBeUndefined();
  });
});

describe('the Firefox sources zip', () => {
  it('holds what `npm ci && npm run build:firefox` needs', () => {
    const names = packages.sources.names;
    for (const file of ['package.json', 'package-lock.json', 'wxt.config.ts', 'tsconfig.json', 'README.md']) {
      expect(names).toContain(file);
    }
    expect(names).toContain('entrypoints/background.ts');
    expect(names.some((name) => name.startsWith('utils/'))).toBe(true);
    expect(names.some((name) => name.startsWith('public/_locales/'))).toBe(true);
  });

  it('holds no dependencies, build output, reports or test code', () => {
    for (const name of packages.sources.names) {
      expect(name).not.toMatch(
        /^(node_modules|\.output|\.wxt|\.git|tests|test-results|playwright-report|bench-results)\//,
      );
      expect(name).not.toMatch(/(^|\/)node_modules\/|reference-service|\.(test|spec)\.[cm]?[jt]sx?$/);
    }
  });
});
