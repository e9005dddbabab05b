import 'fake-indexeddb/auto';
import { vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createBackgroundApp } from '../../../utils/background/app';
import { POLL_ALARM } from '../../../utils/background/browser-effects';
import { storedBalanceItem, storedPathFormsItem } from '../../../utils/background/items';
import type { Platform } from '../../../utils/background/platform';
import type { DownloadFile } from '../../../utils/downloads/download';
import { openHistoryDb } from '../../../utils/history/background/open-history-db';
import { HISTORY_DB_NAME } from '../../../utils/history/history-db';
import type { HistoryEntry } from '../../../utils/history/schema';
import { originOf } from '../../../utils/http-url';
import { once } from '../../../utils/idb/transaction';
import { activeKeyItem } from '../../../utils/keys/background/api-key';
import { NO_KEY, type StoredKey } from '../../../utils/keys/background/stored-key';
import { DEFAULT_SETTINGS } from '../../../utils/settings/defaults';
import type { Settings } from '../../../utils/settings/schema';
import { validSettingsItem } from '../../../utils/settings/store';
import { keyStatusItem } from '../../../utils/storage/items';
import { DEMO_API_KEY, type ReferenceService } from '../../reference-service/server';
import { putEntries, writeEntries } from './history-db';

/** A stored key as the options page would have saved it for this service URL. */
export function keyFor(baseUrl: string, key: string, id = 'key-1'): StoredKey {
  return key ? { key, origin: originOf(baseUrl), id } : NO_KEY;
}

/**
 * The current profile's history database, read and written as a whole as a test sets it up and checks it:
 * `getValue` newest first, `setValue` replaces every entry (given newest first).
 */
let profiles = 0;
/** The current profile's history database: each profile has its own, so a past test's worker never reaches it. */
let historyDbName = `${HISTORY_DB_NAME}-0`;

const history = {
  getValue: async (): Promise<HistoryEntry[]> => {
    const db = await openHistoryDb(historyDbName);
    try {
      return (await once(db, 'entries', (store) => store.index('date').getAll()))
        .reverse()
        .map((row) => row.entry);
    } finally {
      db.close();
    }
  },
  setValue: async (entries: readonly HistoryEntry[]): Promise<void> => {
    const db = await openHistoryDb(historyDbName);
    try {
      await writeEntries(db, (store) => store.clear());
      await putEntries(db, entries);
    } finally {
      db.close();
    }
  },
};

/** The extension's real storage items, as the background imports them, over fakeBrowser's storage. */
export const items = {
  settings: validSettingsItem,
  apiKey: activeKeyItem,
  keyStatus: keyStatusItem,
  balance: storedBalanceItem,
  pathForms: storedPathFormsItem,
  history,
};

/** A fresh browser profile set up for this service: empty storage but for the settings and the key. */
export async function freshProfile(
  service: ReferenceService,
  settings: Partial<Settings> = {},
  key = DEMO_API_KEY,
): Promise<void> {
  // Spies of the previous test (a wrapped item, a stalled notification) go with its profile.
  vi.restoreAllMocks();
  fakeBrowser.reset();
  // An empty history of its own: the previous test's workers, still running, keep theirs.
  historyDbName = `${HISTORY_DB_NAME}-${++profiles}`;
  const initial: Settings = { ...DEFAULT_SETTINGS, pollIntervalSec: 1, baseUrl: service.url, ...settings };
  await validSettingsItem.setValue(initial);
  await activeKeyItem.setValue(keyFor(initial.baseUrl, key));
}

/** A notification as the person saw it. */
export interface ShownNotification {
  id: string;
  title: string;
  message: string;
}

type CreateNotification = typeof fakeBrowser.notifications.create;
/** fakeBrowser's own, taken before any worker spies on it, so a second worker's log never calls the first's. */
const createNotification: CreateNotification = fakeBrowser.notifications.create.bind(
  fakeBrowser.notifications,
);

/**
 * A worker on the current profile (see freshProfile), talking to the reference service over real HTTP.
 * Two of them on one profile are two lives of one worker. Alarms, badge, notifications and tabs are
 * fakeBrowser's; only the clock, ids, timers and what fakeBrowser lacks (host permissions, downloads,
 * the options page, open popups) are injected.
 */
/** `browser` names another browser's ids apart (`b:id-1`), as two browsers' random ids would be. */
export function startWorker(reachable = true, browser = '') {
  /** Every notification created since this worker started, replaced ones included (told once or twice). */
  const notifications: ShownNotification[] = [];
  const popup = { open: true };
  /** Set to make notifying never return, as when the worker is stopped while notifying. */
  const stall = { notify: false };
  const kept: string[][] = [];
  let optionsOpened = 0;
  let ids = 0;
  const access = { reachable };
  /** Host access to the media hosts of results, off unless a test grants it (keeping needs it). */
  const media = { access: false };
  /** Every set of files the background asked the downloads API to save. */
  const downloads: DownloadFile[][] = [];
  /**
   * The worker's timers never run by themselves (a test's clock is not the worker's): they are kept, so a
   * test can see which are set and fire them as if that much time had passed.
   */
  const timers = new Map<number, { run: () => void; delayMs: number }>();
  let timerIds = 0;
  /** Keep-alive calls the worker made (platform.stayAwake). */
  const awake = { calls: 0 };
  // fakeBrowser keeps only the latest notification per id; the log also shows one told twice.
  const record = async (id: string, options: Parameters<CreateNotification>[0] & ShownNotification) => {
    if (stall.notify) return new Promise<string>(() => undefined);
    notifications.push({ id, title: options.title, message: options.message });
    return (createNotification as (id: string, options: unknown) => Promise<string>)(id, options);
  };
  vi.spyOn(fakeBrowser.notifications, 'create').mockImplementation(record as unknown as CreateNotification);
  const platform: Platform = {
    historyDbName,
    now: () => Date.now(),
    newId: () => `${browser}id-${++ids}`,
    canReach: async () => access.reachable,
    hasMediaAccess: async () => media.access,
    download: async (files) => {
      downloads.push(files.map((file) => ({ ...file })));
    },
    releaseOrigins: async (keep) => {
      kept.push([...keep]);
    },
    openOptions: async () => {
      optionsOpened++;
    },
    isPopupOpen: async () => popup.open,
    stayAwake: async () => {
      awake.calls++;
    },
    // No webRequest here: a request that gets no answer has no reason beyond it.
    watchFailure: () => ({ cause: async () => undefined, stop: () => undefined }),
    timers: {
      set: (run, delayMs) => {
        timers.set(++timerIds, { run, delayMs });
        return timerIds;
      },
      clear: (handle) => {
        timers.delete(handle as number);
      },
    },
  };
  return {
    app: createBackgroundApp(platform),
    items,
    notifications,
    popup,
    stall,
    access,
    media,
    downloads,
    /** The origins the app asked to keep each time it gave access back. */
    kept,
    awake,
    timers: {
      /** The delays of the timers set and neither fired nor cleared. */
      pending: () => [...timers.values()].map((timer) => timer.delayMs),
      /** Runs (once) every pending timer set with this delay. */
      fire: (delayMs: number) => {
        // A timer set by a fired one (a beat re-arming itself) waits for the next fire.
        for (const [handle, timer] of [...timers]) {
          if (timer.delayMs !== delayMs) continue;
          timers.delete(handle);
          timer.run();
        }
      },
    },
    get optionsOpened() {
      return optionsOpened;
    },
  };
}

/** The URLs of the tabs the background opened, oldest first (fakeBrowser's own first tab has none). */
export async function openedTabs(): Promise<string[]> {
  const tabs = await fakeBrowser.tabs.query({});
  return tabs.flatMap((tab) => (tab.url === undefined ? [] : [tab.url]));
}

/** When the poll alarm will fire, or undefined when none is armed. */
export async function pollAlarmTime(): Promise<number | undefined> {
  return (await fakeBrowser.alarms.get(POLL_ALARM))?.scheduledTime;
}

/** A fresh profile and a worker on it. */
export async function makeBackgroundApp(
  service: ReferenceService,
  settings: Partial<Settings> = {},
  key = DEMO_API_KEY,
  reachable = true,
  browser = '',
) {
  await freshProfile(service, settings, key);
  return startWorker(reachable, browser);
}

export type BackgroundHarness = ReturnType<typeof startWorker>;
