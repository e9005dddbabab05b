import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { firefoxBuildDir, firefoxExecutable } from './paths';

/** Pinned so the add-on's page URLs are known before it is installed. */
const ADDON_UUID = '6f1d2c3b-4a59-4e8d-9c7b-0a1b2c3d4e5f';

function geckoId(): string {
  const manifest = JSON.parse(readFileSync(path.join(firefoxBuildDir, 'manifest.json'), 'utf8')) as {
    browser_specific_settings: { gecko: { id: string } };
  };
  return manifest.browser_specific_settings.gecko.id;
}

/** Where this Firefox saves downloads, without asking: `folder` (else Firefox's own default). */
function downloadPrefs(folder: string | undefined): Record<string, unknown> {
  if (!folder) return {};
  return {
    'browser.download.folderList': 2,
    'browser.download.dir': folder,
    'browser.download.useDownloadDir': true,
    'browser.download.always_ask_before_handling_new_types': false,
  };
}

/** The languages this Firefox is asked to show (its add-ons' translations follow them). */
function localePrefs(locale: string | undefined): Record<string, unknown> {
  return locale ? { 'intl.locale.requested': locale } : {};
}

function prefs(options: LaunchOptions): Record<string, unknown> {
  return {
    ...downloadPrefs(options.downloadsDir),
    ...localePrefs(options.locale),
    'extensions.webextensions.uuids': JSON.stringify({ [geckoId()]: ADDON_UUID }),
    // Grants what `permissions.request` asks for instead of showing the doorhanger no test can click; the
    // request itself still has to come from a click (Firefox refuses it outside a user input handler).
    'extensions.webextOptionalPermissionPrompts': false,
    // A temporary add-on is uninstalled when Firefox quits, which would also wipe its storage; a person's
    // installed add-on keeps it, and so must this one for a restart to mean anything.
    'extensions.webextensions.keepStorageOnUninstall': true,
    'extensions.webextensions.keepUuidOnUninstall': true,
  };
}

async function launchFirefox(profileDir: string, options: LaunchOptions): Promise<Browser> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: firefoxExecutable(),
    headless: true,
    userDataDir: profileDir,
    // Without it Firefox refuses WebDriver navigation to moz-extension:// pages.
    args: ['--remote-allow-system-access'],
    // The https media host of the reference service has a self-signed certificate (tests/reference-service/tls).
    acceptInsecureCerts: true,
    extraPrefsFirefox: prefs(options),
  });
  await browser.installExtension(options.releaseBuild ?? firefoxBuildDir);
  return browser;
}

/** A page's file without `.html`; the popup's and the side panel's translations are `popup.de` and so on. */
export type PageName =
  | 'popup'
  | 'options'
  | 'history'
  | 'sidepanel'
  | 'library'
  | `${'popup' | 'sidepanel'}.${string}`;

export interface LaunchOptions {
  /** A folder for the files this Firefox downloads. */
  downloadsDir?: string;
  /** Installs this build (an earlier release) instead of today's, until `upgrade()`. */
  releaseBuild?: string | undefined;
  /** The language Firefox is asked to show, `de` say (else its own, English here). */
  locale?: string;
}

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
