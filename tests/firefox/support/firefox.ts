import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { inject } from 'vitest';
import { firefoxBuildDir } from './paths';
import { ADDON_UUID, type LaunchOptions, startFirefox } from './start-firefox';

export type { LaunchOptions } from './start-firefox';

async function launchFirefox(profileDir: string, options: LaunchOptions): Promise<Browser> {
  const browser = await startFirefox(profileDir, options);
  await browser.installExtension(options.releaseBuild ?? firefoxBuildDir);
  return browser;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** makeProfileTemplate's folder, which global-setup.ts removes after the run. */
    firefoxProfileTemplate: string;
  }
}

/** A page's file without `.html`; the popup's and the side panel's translations are `popup.de` and so on. */
export type PageName =
  | 'popup'
  | 'options'
  | 'history'
  | 'sidepanel'
  | 'library'
  | `${'popup' | 'sidepanel'}.${string}`;

/** firefox-esr on its own profile with the add-on installed as a temporary add-on, over WebDriver BiDi. */
export class FirefoxUnderTest {
  readonly origin = `moz-extension://${ADDON_UUID}`;

  private constructor(
    readonly profileDir: string,
    private options: LaunchOptions,
    private current: Browser,
  ) {}

  static async launch(options: LaunchOptions = {}): Promise<FirefoxUnderTest> {
    const profileDir = mkdtempSync(path.join(os.tmpdir(), 'promptcast-firefox-'));
    cpSync(inject('firefoxProfileTemplate'), profileDir, { recursive: true });
    return new FirefoxUnderTest(profileDir, options, await launchFirefox(profileDir, options));
  }

  /** An extension page in a new tab, once its document has loaded. */
  async openPage(name: PageName): Promise<Page> {
    const page = await this.current.newPage();
    const url = `${this.origin}/${name}.html`;
    // Navigation to moz-extension:// never reports its load over BiDi: start it and wait for the document.
    page.goto(url).catch(() => {});
    const deadline = Date.now() + 20_000;
    for (;;) {
      try {
        const loaded = await page.evaluate(
          (expected) => location.href === expected && document.readyState === 'complete',
          url,
        );
        if (loaded) return page;
      } catch (error) {
        // An evaluation that lands while about:blank is being replaced fails; the next one will not.
        if (Date.now() > deadline) throw error;
      }
      if (Date.now() > deadline) throw new Error(`${url} did not load`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /**
   * Quits Firefox and starts it again on the same profile, as a person restarting the browser. The add-on
   * is temporary, so it is installed again: same id, same UUID, same storage (see prefs).
   */
  async restart(): Promise<void> {
    await this.current.close();
    this.current = await launchFirefox(this.profileDir, this.options);
  }

  /** Quits Firefox and starts it again with today's build in place of the release: an update, same storage. */
  async upgrade(): Promise<void> {
    this.options = { ...this.options, releaseBuild: undefined };
    await this.restart();
  }

  version(): Promise<string> {
    return this.current.version();
  }

  async close(): Promise<void> {
    await this.current.close();
    rmSync(this.profileDir, { recursive: true, force: true });
  }
}
