import { browser } from 'wxt/browser';
import { toolbarButton } from '../toolbar-button';

/*
 * What the background does to the browser that a person sees: the poll alarm, the toolbar badge,
 * notifications and tabs. Straight through `browser`, which fakeBrowser implements in unit tests.
 */

export const POLL_ALARM = 'promptcast-poll';

/** Arms the poll alarm for `when`, or clears it when nothing is due. */
export async function scheduleAlarm(when: number | undefined): Promise<void> {
  if (when === undefined) await browser.alarms.clear(POLL_ALARM);
  else await browser.alarms.create(POLL_ALARM, { when });
}

export const COPIES_ALARM = 'promptcast-copies';

/** Arms the alarm that takes up copies still being kept (see keep-copies.ts), or clears it. */
export async function scheduleCopiesAlarm(when: number | undefined): Promise<void> {
  if (when === undefined) await browser.alarms.clear(COPIES_ALARM);
  else await browser.alarms.create(COPIES_ALARM, { when });
}

export const BACKUP_ALARM = 'promptcast-backup';

/** The backup's next run (backup-service.ts): when it is armed for, and arming or clearing it. */
export const backupAlarm = {
  when: async (): Promise<number | undefined> => (await browser.alarms.get(BACKUP_ALARM))?.scheduledTime,
  at: async (when: number | undefined): Promise<void> => {
    if (when === undefined) await browser.alarms.clear(BACKUP_ALARM);
    else await browser.alarms.create(BACKUP_ALARM, { when });
  },
};

export function setBadge(runningCount: number): void {
  void toolbarButton().setBadgeText({ text: runningCount > 0 ? String(runningCount) : '' });
}

export async function notify(id: string, title: string, message: string): Promise<void> {
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
}

export async function openTab(url: string): Promise<void> {
  await browser.tabs.create({ url });
}

export const historyPageUrl = (): string => browser.runtime.getURL('/history.html');
