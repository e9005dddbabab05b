import type { PathForm } from '../../../utils/api/client';
import { createBackgroundApp, type Item, type Platform } from '../../../utils/background/app';
import { NO_KEY, originOf, type StoredKey } from '../../../utils/background/stored-key';
import type { HistoryEntry } from '../../../utils/history/schema';
import { DEFAULT_SETTINGS } from '../../../utils/settings/defaults';
import type { Settings } from '../../../utils/settings/schema';
import type { StoredBalance } from '../../../utils/storage/items';
import { describeProblem } from '../../../utils/validation';
import { DEMO_API_KEY, type ReferenceService } from '../../reference-service/server';

export function memoryItem<T>(initial: T): Item<T> & { value: T } {
  const item = {
    value: initial,
    getValue: async () => item.value,
    setValue: async (value: T) => {
      item.value = value;
    },
  };
  return item;
}

/** A stored key as the options page would have saved it for this service URL. */
export function keyFor(baseUrl: string, key: string, id = 'key-1'): StoredKey {
  return key ? { key, origin: originOf(baseUrl), id } : NO_KEY;
}

/** The storage one browser profile has, in memory. */
export function backgroundStorage(
  service: ReferenceService,
  settings: Partial<Settings> = {},
  key = DEMO_API_KEY,
) {
  const initial: Settings = { ...DEFAULT_SETTINGS, pollIntervalSec: 1, baseUrl: service.url, ...settings };
  return {
    settings: memoryItem<Settings>(initial),
    apiKey: memoryItem<StoredKey>(keyFor(initial.baseUrl, key)),
    balance: memoryItem<StoredBalance>({ balance: null }),
    pathForms: memoryItem<Record<string, PathForm>>({}),
    history: memoryItem<HistoryEntry[]>([]),
  };
}
export type BackgroundStorage = ReturnType<typeof backgroundStorage>;

/**
 * The background app on in-memory storage, talking to the reference service over real HTTP. `reachable`
 * stands for the host permission and can be changed afterwards (a person revoking site access).
 */
export function makeBackgroundApp(
  service: ReferenceService,
  settings: Partial<Settings> = {},
  key = DEMO_API_KEY,
  reachable = true,
  /** Another app's storage: two apps over the same items are two lives of one worker. */
  shared?: BackgroundStorage,
) {
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
  const items = shared ?? backgroundStorage(service, settings, key);
  const platform: Platform = {
    ...items,
    now: () => Date.now(),
    newId: () => `id-${++ids}`,
    canReach: async () => access.reachable,
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
    describeError: (error) => error.message,
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
    /** The origins the app asked to keep each time it gave access back. */
    kept,
    /** Every alarm time the tracker asked for (undefined: cleared). */
    alarms,
    get optionsOpened() {
      return optionsOpened;
    },
  };
}
