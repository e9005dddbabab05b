/**
 * Headless Chromium with the bench's private build of Promptcast and, optionally, the baseline extension
 * next to it, so comparisons (popup first paint, worker cold start) run in the same browser. The e2e
 * suite's ExtensionUnderTest always loads .output/chrome-mv3, which other processes may rebuild while the
 * bench runs; this launcher takes the folder to load, and otherwise uses the same flags.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page, type Worker } from '@playwright/test';
import { liveWorker } from '../e2e/support/extension';
import { chromiumExecutable } from '../e2e/support/paths';
import { quietStartArgs } from '../e2e/support/start-args';

export class BenchBrowser {
  private constructor(
    readonly context: BrowserContext,
    private readonly profileDir: string,
    /** Promptcast's extension id. */
    readonly id: string,
    readonly baselineId: string | undefined,
  ) {}

  static async launch(extensionDir: string, baseline?: { dir: string; id: string }): Promise<BenchBrowser> {
    const profileDir = mkdtempSync(path.join(os.tmpdir(), 'promptcast-bench-profile-'));
    const dirs = baseline ? `${extensionDir},${baseline.dir}` : extensionDir;
    const context = await chromium.launchPersistentContext(profileDir, {
      executablePath: chromiumExecutable(),
      headless: true,
      colorScheme: 'light',
      locale: 'en-US',
      args: [`--disable-extensions-except=${dirs}`, `--load-extension=${dirs}`, ...quietStartArgs],
    });
    const isPromptcast = (worker: Worker) => worker.url().endsWith('/background.js');
    const worker =
      context.serviceWorkers().find(isPromptcast) ??
      (await context.waitForEvent('serviceworker', { predicate: isPromptcast, timeout: 15_000 }));
    return new BenchBrowser(context, profileDir, new URL(worker.url()).host, baseline?.id);
  }

  get origin(): string {
    return `chrome-extension://${this.id}`;
  }

  get baselineOrigin(): string {
    if (!this.baselineId) throw new Error('this browser was launched without the baseline extension');
    return `chrome-extension://${this.baselineId}`;
  }

  /** Promptcast's running worker, woken by a page visit if Chrome stopped it. */
  worker(): Promise<Worker> {
    return liveWorker(this.context, this.origin);
  }

  async openPage(name: 'popup' | 'options' | 'history'): Promise<Page> {
    const page = await this.context.newPage();
    await page.goto(`${this.origin}/${name}.html`);
    return page;
  }

  async close(): Promise<void> {
    await this.context.close();
    rmSync(this.profileDir, { recursive: true, force: true });
  }
}
