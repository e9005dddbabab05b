import { storage } from 'wxt/utils/storage';
import type { ErrorInfo } from '../errors';
import type { HistoryEntry } from '../history/schema';
import type { Balance } from '../messaging/protocol';
import { DEFAULT_SETTINGS, type Settings } from '../settings/schema';

/**
 * Everything that must outlive the service worker. None of these hold the API key (see
 * utils/background/api-key.ts), so extension pages may read them for an instant first paint.
 */

export const settingsItem = storage.defineItem<Settings>('local:settings', {
  fallback: DEFAULT_SETTINGS,
  version: 1,
});

export const historyItem = storage.defineItem<HistoryEntry[]>('local:history', { fallback: [], version: 1 });

export const balanceItem = storage.defineItem<{ balance: Balance | null; error?: ErrorInfo }>('local:balance', {
  fallback: { balance: null },
  version: 1,
});

/** Which path form (/v1 or /api) answered for each base URL, so later calls skip the failing one. */
export const pathFormsItem = storage.defineItem<Record<string, 'v1' | 'api'>>('local:pathForms', {
  fallback: {},
  version: 1,
});
