import { fakeBrowser } from 'wxt/testing/fake-browser';
import { apiKeyItem } from '../../../utils/background/api-key';
import { createBackgroundApp } from '../../../utils/background/app';
import type { Platform } from '../../../utils/background/platform';
import { NO_KEY, originOf, type StoredKey } from '../../../utils/background/stored-key';
import { repairHistory } from '../../../utils/history/repair';
import { describeError, describeProblem } from '../../../utils/i18n';
import { DEFAULT_SETTINGS } from '../../../utils/settings/defaults';
import type { Settings } from '../../../utils/settings/schema';
import { validSettingsItem } from '../../../utils/settings/store';
import { balanceItem, historyItem, keyStatusItem, pathFormsItem } from '../../../utils/storage/items';
import { repairBalance, repairedItem, repairPathForms } from '../../../utils/storage/repair';
import { DEMO_API_KEY, type ReferenceService } from '../../reference-service/server';

/** A stored key as the options page would have saved it for this service URL. */
export function keyFor(baseUrl: string, key: string, id = 'key-1'): StoredKey {
  return key ? { key, origin: originOf(baseUrl), id } : NO_KEY;
}

/**
 * The extension's real storage items, as the worker wires them, over fakeBrowser's storage. A fresh
 * object per worker, so a test may wrap one worker's writes without touching the next test's.
 */
export const profileItems = () => ({
  settings: validSettingsItem,
  apiKey: apiKeyItem,
  keyStatus: keyStatusItem,
  balance: repairedItem(balanceItem, repairBalance),
  pathForms: repairedItem(pathFormsItem, repairPathForms),
  history: {
    getValue: async () => repairHistory(await historyItem.getValue()),
    setValue: (value: Parameters<typeof historyItem.setValue>[0]) => historyItem.setValue(value),
  },
});

/** A fresh browser profile set up for this service: empty storage but for the settings and the key. */
export async function freshProfile(
  service: ReferenceService,
  settings: Partial<Settings> = {},
  key = DEMO_API_KEY,
): Promise<void> {
  fakeBrowser.reset();
  const initial: Settings = { ...DEFAULT_SETTINGS, pollIntervalSec: 1, baseUrl: service.url, ...settings };
  await validSettingsItem.setValue(initial);
  await apiKeyItem.setValue(keyFor(initial.baseUrl, key));
}

/**
 * A worker on the current profile (see freshProfile), talking to the reference service over real HTTP.
 * Two of them on one profile are two lives of one worker. Only what fakeBrowser cannot do is injected:
 * the host permission (`access.reachable`, which a test may revoke), notifications, tabs and the clock.
 */
export function startWorker(reachable = true) {
  const notifications: Array<{ id: string; title: string; message: string }> = [];
  const popup = { open: true };
  /** Set to make `notify` never return, as when the worker is stopped while notifying. */
  const stall = { notify: false };
  const opened: string[] = [];
  const kept: string[][] = [];
  const alarms: Array<number | undefined> = [];
  let optionsOpened = 0;
  let ids = 0;
  const access = { reachable };
  /** Host access to the media hosts of results; off unless a test grants it (keeping needs it). */
  const media = { access: false };
  /** Every set of files the background asked the downloads API to save. */
  const downloads: Array<Array<{ url: string; filename: string }>> = [];
  const items = profileItems();
  const platform: Platform = {
    ...items,
    now: () => Date.now(),
    newId: () => `id-${++ids}`,
    canReach: async () => access.reachable,
    hasMediaAccess: async () => media.access,
    download: async (files) => {
      downloads.push(files.map((file) => ({ ...file })));
    },
    releaseOrigins: async (keep) => {
      kept.push([...keep]);
    },
    scheduleAlarm: async (when) => {
      alarms.push(when);
    },
    setBadge: () => undefined,
    notify: async (id, title, message) => {
      if (stall.notify) return new Promise<void>(() => undefined);
      notifications.push({ id, title, message });
    },
    t: (key, subs) => [key, ...(subs ?? [])].join(' '),
    describeError,
    describeProblem,
    openTab: async (url) => {
      opened.push(url);
    },
    openOptions: async () => {
      optionsOpened++;
    },
    isPopupOpen: async () => popup.open,
    historyPageUrl: 'ext://history.html',
    timers: { set: () => undefined, clear: () => undefined },
  };
  return {
    app: createBackgroundApp(platform),
    items,
    notifications,
    popup,
    stall,
    opened,
    access,
    media,
    downloads,
    /** The origins the app asked to keep each time it gave access back. */
    kept,
    /** Every alarm time the tracker asked for (undefined: cleared). */
    alarms,
    get optionsOpened() {
      return optionsOpened;
    },
  };
}

/** A fresh profile and a worker on it. */
export async function makeBackgroundApp(
  service: ReferenceService,
  settings: Partial<Settings> = {},
  key = DEMO_API_KEY,
  reachable = true,
) {
  await freshProfile(service, settings, key);
  return startWorker(reachable);
}

export type BackgroundHarness = ReturnType<typeof startWorker>;
