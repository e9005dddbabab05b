import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { createMenus, MENU_UNLOCK, opensSidePanel } from '@/utils/context-menu/commands';
import { activeKeyItem } from '@/utils/keys/background';
import { IDLE_ALARM } from '@/utils/keys/commands';
import { OPEN_PANEL_COMMAND } from '@/utils/side-panel/background';
import { startSync } from '@/utils/sync/commands';
import { createBackgroundApp } from '../utils/background/app';
import { BACKUP_ALARM, COPIES_ALARM, POLL_ALARM } from '../utils/background/browser-effects';
import { applyDevDefaults } from '../utils/background/dev-defaults';
import { openActionPopup } from '../utils/background/open-popup';
import { browserPlatform } from '../utils/background/platform';
import { showTranslatedFrames } from '../utils/background/translated-frames';
import { createRouter } from '../utils/messaging/router';
import { validSettingsItem } from '../utils/settings/store';
import { openSidePanel } from '../utils/side-panel/page/open-side-panel';
import { keyStatusItem, libraryItem, settingsItem } from '../utils/storage/items';

export default defineBackground(() => {
  const app = createBackgroundApp(browserPlatform());
  const route = createRouter(app.handlers, { id: browser.runtime.id, baseUrl: browser.runtime.getURL('/') });

  // Listeners are registered synchronously so events that woke the worker are not missed.
  browser.runtime.onMessage.addListener((message, sender) => route(message, sender));
  startSync();

  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === POLL_ALARM) void app.tracker.alarmFired(alarm.scheduledTime);
    if (alarm.name === IDLE_ALARM) void app.onIdleAlarm();
    // The worker's own start (below) takes up due copies too; this covers an alarm in a running worker.
    if (alarm.name === COPIES_ALARM) void app.resume().then(() => app.copies.resumePending());
    if (alarm.name === BACKUP_ALARM) void app.resume().then(() => app.backup.run());
  });

  const onMenuClicked: Parameters<typeof browser.contextMenus.onClicked.addListener>[0] = (info, tab) => {
    const menuItemId = String(info.menuItemId);
    // Before anything awaited: the browser opens the panel or the popup only within the person's click.
    if (opensSidePanel(menuItemId)) void openSidePanel(tab?.windowId).catch(() => undefined);
    if (menuItemId === MENU_UNLOCK) {
      // Where no popup can open (no focused window), the options page, which unlocks too.
      void openActionPopup().catch(() => app.onMenuClick(menuItemId, info.selectionText));
      return;
    }
    void app.onMenuClick(menuItemId, info.selectionText);
  };
  browser.contextMenus.onClicked.addListener(onMenuClicked);
  if (import.meta.env.MODE === 'e2e') {
    // End-to-end test builds only (`wxt build --mode e2e`): Firefox gives a test no way to deliver a
    // context-menu click, so the Firefox specs call this same listener. Production builds drop this branch,
    // which tests/unit/release/packages.test.ts checks.
    Object.assign(globalThis, { promptcastTestHooks: { onMenuClicked } });
  }

  browser.commands.onCommand.addListener((command, tab) => {
    if (command === OPEN_PANEL_COMMAND) void openSidePanel(tab?.windowId).catch(() => undefined);
  });

  // The menu's entries change ids with the "review the selection" setting, become one unlock entry while
  // locked (the key status says when), and list the pinned library prompts (see context-menu.ts).
  settingsItem.watch((next, previous) => {
    if (next.reviewSelection !== (previous?.reviewSelection ?? false)) void createMenus();
  });
  keyStatusItem.watch((next, previous) => {
    if (next.locked !== previous.locked) void createMenus();
    if (previous.locked && !next.locked) void app.backup.afterUnlock();
  });
  libraryItem.watch(() => void createMenus());

  browser.notifications.onClicked.addListener((id) => {
    void app.onNotificationClick(id);
    void browser.notifications.clear(id);
  });

  browser.runtime.onInstalled.addListener(async () => {
    // Fills an empty install only; the resume below then writes the key status for what it set.
    if (applyDevDefaults) await applyDevDefaults(validSettingsItem, activeKeyItem);
    // Chrome drops an extension's alarms when it is updated or reloaded, so polling is re-armed.
    await app.tracker.reschedule();
    await app.copies.rearm();
    await app.backup.rearm();
  });

  browser.runtime.onStartup.addListener(() => void app.resume().then(() => app.backup.afterBrowserStart()));

  // Once per worker start, whichever event started it (onStartup, onInstalled or a message).
  void app.resume();
  void createMenus();
  showTranslatedFrames();
});
