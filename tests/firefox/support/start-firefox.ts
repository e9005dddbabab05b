/**
 * How a test's firefox-esr is started (over WebDriver BiDi, on a profile of its own), and the profile each one
 * starts from. Kept apart from firefox.ts, which reads that profile through Vitest's `inject`: global-setup.ts
 * makes it, and a global setup must not load Vitest's test API.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import { firefoxBuildDir, firefoxExecutable } from './paths';

/** Pinned so the add-on's page URLs are known before it is installed. */
export const ADDON_UUID = '6f1d2c3b-4a59-4e8d-9c7b-0a1b2c3d4e5f';

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

export function startFirefox(profileDir: string, options: LaunchOptions): Promise<Browser> {
  return puppeteer.launch({
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
}

export interface LaunchOptions {
  /** A folder for the files this Firefox downloads. */
  downloadsDir?: string;
  /** Installs this build (an earlier release) instead of today's, until `upgrade()`. */
  releaseBuild?: string | undefined;
  /** The language Firefox is asked to show, `de` say (else its own, English here). */
  locale?: string;
}

/**
 * A profile Firefox has started on once, without the add-on: each test copies it instead of starting on an
 * empty folder. Firefox's first start on a profile sets the profile up (its databases, caches, the add-ons'
 * registry), measured here at 6-7 s of CPU against 3.6-4.4 s for a start on such a copy, with the add-on
 * installed either way, on 2 cores where the suite is bound by CPU. The add-on still comes to each test
 * new, as to a person installing it. Made once per run by global-setup.ts.
 */
export async function makeProfileTemplate(): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'promptcast-firefox-template-'));
  await (await startFirefox(dir, {})).close();
  return dir;
}
