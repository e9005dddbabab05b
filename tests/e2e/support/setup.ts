import type { Page } from '@playwright/test';
import type { RequestOf, RequestType, Response } from '../../../utils/messaging/protocol';
import { DEFAULT_SETTINGS } from '../../../utils/settings/defaults';
import type { Settings } from '../../../utils/settings/schema';
import { DEMO_API_KEY, type ReferenceService } from '../../reference-service/server';
import type { ExtensionUnderTest } from './extension';

/** Sends a protocol request from an extension page, exactly as the popup or options page would. */
export async function sendFrom<T extends RequestType>(
  page: Page,
  request: RequestOf<T>,
): Promise<Response<T>> {
  return page.evaluate((message) => chrome.runtime.sendMessage(message), request) as Promise<Response<T>>;
}

/** Short intervals keep the suite fast; unpacked extensions may fire alarms every second. */
export const FAST_SETTINGS: Partial<Settings> = { pollIntervalSec: 1, requestTimeoutSec: 5 };

/** Saves settings and key through the background, as the options page does, and returns that page. */
export async function configure(
  extension: ExtensionUnderTest,
  service: ReferenceService,
  overrides: Partial<Settings> = {},
  apiKey = DEMO_API_KEY,
): Promise<Page> {
  const page = await extension.openPage('options');
  const response = await sendFrom(page, {
    type: 'saveSettings',
    settings: { ...DEFAULT_SETTINGS, ...FAST_SETTINGS, baseUrl: service.url, ...overrides },
    apiKey,
  });
  if (!response.ok) throw new Error(`configure failed: ${response.error.message}`);
  return page;
}

/** Lists `models` for the active profile, as *Models* in its row on the options page does. */
export async function listProfileModels(page: Page, models: { id: string; name: string }[]): Promise<void> {
  const { profiles } = (await page.evaluate(() => chrome.storage.local.get('profiles'))) as {
    profiles: { activeId: string };
  };
  const listed = await sendFrom(page, { type: 'setProfileModels', id: profiles.activeId, models });
  if (!listed.ok) throw new Error(`setProfileModels failed: ${listed.error.message}`);
}
