import { browser } from 'wxt/browser';
import type { ErrorInfo } from '../error-info';
import { repairHistory } from '../history/repair';
import { hasHostAccess, releaseHostAccess } from '../host-access';
import { saveAll } from '../media/download';

import { historyItem } from '../storage/items';
import type { Problem } from '../validation';
import type { MessageKey } from './notifications';
import type { Platform } from './platform';

export const POLL_ALARM = 'promptcast-poll';

export interface Wording {
  t: (key: MessageKey, substitutions?: string[]) => string;
  describeError: (error: ErrorInfo) => string;
  describeProblem: (problem: Problem) => string;
}

type ContextQuery = { contextTypes: string[] };
type RuntimeWithContexts = { getContexts?: (filter: ContextQuery) => Promise<unknown[]> };

async function isPopupOpen(): Promise<boolean> {
  const runtime = browser.runtime as unknown as RuntimeWithContexts;
  if (typeof runtime.getContexts === 'function') {
    return (await runtime.getContexts({ contextTypes: ['POPUP'] })).length > 0;
  }
  // Firefox's MV2 background page has no getContexts, but can see its own popup view.
  return browser.extension?.getViews?.({ type: 'popup' }).length > 0;
}

/** The browser side of Platform; storage items other than the key come from utils/storage/items. */
export function browserPlatform(
  items: Pick<Platform, 'settings' | 'apiKey' | 'keyStatus' | 'balance' | 'pathForms'>,
  wording: Wording,
): Platform {
  return {
    ...items,
    ...wording,
    history: {
      getValue: async () => repairHistory(await historyItem.getValue()),
      setValue: (value) => historyItem.setValue(value),
    },
    now: () => Date.now(),
    newId: () => crypto.randomUUID(),
    canReach: hasHostAccess,
    hasMediaAccess: (urls) => hasHostAccess(...urls),
    download: saveAll,
    releaseOrigins: releaseHostAccess,
    scheduleAlarm: async (when) => {
      if (when === undefined) await browser.alarms.clear(POLL_ALARM);
      else await browser.alarms.create(POLL_ALARM, { when });
    },
    setBadge: (count) => {
      // Firefox's MV2 build has browserAction where Chrome's MV3 has action.
      const button = browser.action ?? browser.browserAction;
      void button.setBadgeText({ text: count > 0 ? String(count) : '' });
    },
    notify: async (id, title, message) => {
      try {
        await browser.notifications.create(id, {
          type: 'basic',
          iconUrl: browser.runtime.getURL('/icon/128.png'),
          title,
          message,
        });
      } catch (error) {
        // The outcome is already in the history; a notification the system refuses must not undo that.
        console.warn('Notification not shown:', error);
      }
    },
    openTab: async (url) => {
      await browser.tabs.create({ url });
    },
    openOptions: () => browser.runtime.openOptionsPage(),
    isPopupOpen,
    historyPageUrl: browser.runtime.getURL('/history.html'),
    timers: {
      set: (run, delayMs) => setTimeout(run, delayMs),
      clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    },
  };
}
