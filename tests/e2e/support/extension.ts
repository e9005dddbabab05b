import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page, type Worker } from '@playwright/test';
import { chromeBuildDir, chromiumExecutable } from './paths';
import { quietStartArgs } from './start-args';

export interface LaunchOptions {
  colorScheme?: 'light' | 'dark';
  locale?: string;
  /** The browser's UI language (`--lang`, one Chromium ships, e.g. `de`): it picks the extension's translation. */
  language?: string;
  /** Saves downloads here (under GUID names: Playwright overrides the file name). */
  downloadsPath?: string;
  /**
   * Loads a copy of the build whose manifest lacks these permissions, e.g. `unlimitedStorage`, so that
   * storage.local has the browser's real 10 MB quota and a test can fill it.
   */
  withoutPermissions?: readonly string[];
  /**
   * Host access granted in the manifest, as a person who allowed the site earlier: lets a test reach a
   * non-loopback origin without a permission prompt no automated browser can answer.
   */
  extraHostPermissions?: readonly string[];
  /**
   * Loads this build instead of today's, copied into a folder of its own that `upgrade()` later fills with
   * today's build: the same folder keeps the same extension id and profile data, as an update does.
   */
  releaseBuild?: string;
}

/** The build to load: the real one, or a copy with some permissions taken out of its manifest. */
function buildFor(options: LaunchOptions): string {
  if (options.releaseBuild) return options.releaseBuild;
  const dropped = options.withoutPermissions ?? [];
  const added = options.extraHostPermissions ?? [];
  if (dropped.length === 0 && added.length === 0) return chromeBuildDir;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'promptcast-build-'));
  cpSync(chromeBuildDir, dir, { recursive: true });
  const manifestPath = path.join(dir, 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    permissions?: string[];
    host_permissions?: string[];
  };
  manifest.permissions = (manifest.permissions ?? []).filter((name) => !dropped.includes(name));
  manifest.host_permissions = [...(manifest.host_permissions ?? []), ...added];
  writeFileSync(manifestPath, JSON.stringify(manifest));
  return dir;
}

/** The built extension loaded into a real Chromium profile, with the controls tests need. */
export class ExtensionUnderTest {
  private constructor(
    readonly profileDir: string,
    private options: LaunchOptions,
    public context: BrowserContext,
    public id: string,
  ) {}

  static async launch(options: LaunchOptions = {}): Promise<ExtensionUnderTest> {
    const profileDir = mkdtempSync(path.join(os.tmpdir(), 'promptcast-profile-'));
    if (options.releaseBuild) {
      const installed = path.join(profileDir, 'installed-extension');
      cpSync(options.releaseBuild, installed, { recursive: true });
      options = { ...options, releaseBuild: installed };
    }
    const context = await launchContext(profileDir, options);
    const worker = await firstWorker(context);
    return new ExtensionUnderTest(profileDir, options, context, new URL(worker.url()).host);
  }

  get origin(): string {
    return `chrome-extension://${this.id}`;
  }

  /** The running service worker, starting it through a message if Chrome has stopped it. */
  worker(): Promise<Worker> {
    return liveWorker(this.context, this.origin);
  }

  async openPage(name: 'popup' | 'options' | 'history' | 'sidepanel' | 'library', query = ''): Promise<Page> {
    const page = await this.context.newPage();
    await page.goto(`${this.origin}/${name}.html${query}`);
    return page;
  }

  /** Stops every service worker, as Chrome does when one is idle (Playwright's presence prevents that). */
  async stopWorker(): Promise<void> {
    const page = this.context.pages()[0] ?? (await this.context.newPage());
    const cdp = await this.context.newCDPSession(page);
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    await cdp.detach();
  }

  /**
   * When `restartBrowser` last had the browser closed: a request the service received after it came from the
   * restarted browser. (Not the moment the restart returned: the new worker may have polled by then.)
   */
  closedAt = 0;

  /** Closes the browser and starts it again on the same profile, as a person restarting Chrome. */
  async restartBrowser(): Promise<void> {
    await this.context.close();
    this.closedAt = Date.now();
    await this.startAgain();
  }

  private async startAgain(): Promise<void> {
    this.context = await launchContext(this.profileDir, this.options);
    const worker = await firstWorker(this.context);
    this.id = new URL(worker.url()).host;
  }

  /**
   * Closes the browser, puts today's build where the release was loaded from, and starts the browser again:
   * the same extension id and profile, now running today's code on what the release stored.
   */
  async upgrade(): Promise<void> {
    const installed = this.options.releaseBuild;
    if (!installed) throw new Error('upgrade() needs an extension launched with `releaseBuild`');
    await this.context.close();
    const manifestPath = path.join(installed, 'manifest.json');
    const released = (JSON.parse(readFileSync(manifestPath, 'utf8')) as { version: string }).version;
    rmSync(installed, { recursive: true, force: true });
    cpSync(chromeBuildDir, installed, { recursive: true });
    // An update carries a higher version: with the same one Chrome keeps running the registered worker script.
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { version: string };
    if (manifest.version === released) {
      manifest.version = `${released}.1`;
      writeFileSync(manifestPath, JSON.stringify(manifest));
    }
    // An update registers the new worker script; an unpacked extension loaded at start would run the script
    // Chrome cached for the release, so the cache goes as the update would replace it.
    rmSync(path.join(this.profileDir, 'Default', 'Service Worker'), { recursive: true, force: true });
    await this.startAgain();
  }

  async close(): Promise<void> {
    await this.context.close();
    rmSync(this.profileDir, { recursive: true, force: true });
  }
}

/** Whether a worker handle answers within a moment: a stopped worker's handle may never settle. */
async function answers(worker: Worker): Promise<boolean> {
  return Promise.race([
    worker.evaluate(() => true).catch(() => false),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), 2_000)),
  ]);
}

/**
 * The extension's running worker; if Chrome stopped it, a command from an extension page wakes it (pages
 * send nothing when idle). Playwright reports the woken worker as a new one, or revives the old handle.
 */
export async function liveWorker(context: BrowserContext, origin: string): Promise<Worker> {
  const known = () => context.serviceWorkers().filter((w) => w.url().startsWith(origin));
  for (const worker of known()) if (await answers(worker)) return worker;
  const started = context
    .waitForEvent('serviceworker', { predicate: (w) => w.url().startsWith(origin), timeout: 10_000 })
    .catch(() => undefined);
  const page = await context.newPage();
  await page.goto(`${origin}/manifest.json`);
  await page.evaluate(() => chrome.runtime.sendMessage({ type: 'ping' }));
  await page.close();
  const first = await Promise.race([
    started,
    (async () => {
      for (let tries = 0; tries < 5; tries++) {
        for (const worker of known()) if (await answers(worker)) return worker;
      }
      return undefined;
    })(),
  ]);
  const woken = first ?? (await started);
  if (!woken) throw new Error("the extension's worker did not start again");
  return woken;
}

async function launchContext(profileDir: string, options: LaunchOptions): Promise<BrowserContext> {
  const buildDir = buildFor(options);
  return chromium.launchPersistentContext(profileDir, {
    executablePath: chromiumExecutable(),
    headless: true,
    colorScheme: options.colorScheme ?? 'light',
    locale: options.locale ?? 'en-US',
    ...(options.downloadsPath ? { acceptDownloads: true, downloadsPath: options.downloadsPath } : {}),
    args: [
      `--disable-extensions-except=${buildDir}`,
      `--load-extension=${buildDir}`,
      ...(options.language ? [`--lang=${options.language}`] : []),
      ...quietStartArgs,
    ],
  });
}

async function firstWorker(context: BrowserContext): Promise<Worker> {
  return context.serviceWorkers()[0] ?? context.waitForEvent('serviceworker', { timeout: 30_000 });
}
