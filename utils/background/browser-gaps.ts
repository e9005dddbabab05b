import { browser } from 'wxt/browser';
import { type DownloadFile, saveAll } from '../downloads/download';
import { backgroundSavesBlobs } from '../downloads/saves-in-background';
import { AppError } from '../error-info';
import { hasHostAccess, releaseHostAccess } from '../host-access';
import type { FailureWatch } from '../network-failure';
import { watchFailure } from './failure-watch';

/**
 * The browser calls fakeBrowser does not implement (permissions, downloads, openOptionsPage,
 * getContexts / getViews), so unit tests supply these and the rest goes straight through `browser`.
 */
export interface BrowserGaps {
  /** Whether the extension has host access to this service origin. */
  canReach: (origin: string) => Promise<boolean>;
  /** Whether the extension may read these result files (host access to every media host they are on). */
  hasMediaAccess: (urls: readonly string[]) => Promise<boolean>;
  /** Saves files through the browser's downloads API; resolves once all are on disk. */
  download: (files: readonly DownloadFile[]) => Promise<void>;
  /** Gives back access to granted service origins other than `keep` (never the manifest's loopback ones). */
  releaseOrigins: (keep: readonly string[]) => Promise<void>;
  openOptions: () => Promise<void>;
  /** Whether a popup is open to show a result itself, so a notification would be noise. */
  isPopupOpen: () => Promise<boolean>;
  /** A trivial extension API call: it resets Chrome's idle timer of the worker (see keep-alive.ts). */
  stayAwake: () => Promise<unknown>;
  /** Watches the browser's reason should a request to this URL fail (webRequest, which fakeBrowser lacks). */
  watchFailure: (url: URL) => FailureWatch;
}

type ContextQuery = { contextTypes: string[] };
type RuntimeWithContexts = { getContexts?: (filter: ContextQuery) => Promise<unknown[]> };

async function isPopupOpen(): Promise<boolean> {
  // Firefox's MV2 background page has no getContexts, but can see its own popup view.
  if (import.meta.env.MANIFEST_VERSION === 2) return browser.extension.getViews({ type: 'popup' }).length > 0;
  const runtime = browser.runtime as unknown as RuntimeWithContexts;
  return ((await runtime.getContexts?.({ contextTypes: ['POPUP'] })) ?? []).length > 0;
}

export const browserGaps: BrowserGaps = {
  canReach: hasHostAccess,
  hasMediaAccess: (urls) => hasHostAccess(...urls),
  // Only a background that saves files itself (Firefox's) downloads: Chrome's pages save their own files
  // (download-entry.ts refuses first), and its bundle leaves the download code out.
  download: backgroundSavesBlobs ? saveAll : () => Promise.reject(new AppError('invalid_request')),
  releaseOrigins: releaseHostAccess,
  openOptions: () => browser.runtime.openOptionsPage(),
  isPopupOpen,
  stayAwake: () => browser.runtime.getPlatformInfo(),
  watchFailure,
};
