import type { HistoryEntry } from '../../../utils/history/schema';
import type { ReferenceService } from '../../reference-service/server';
import type { ExtensionUnderTest } from './extension';

/** Reads state through the worker's own APIs (this wakes a stopped worker). */
export async function historyOf(extension: ExtensionUnderTest): Promise<HistoryEntry[]> {
  const worker = await extension.worker();
  const stored = await worker.evaluate(() => chrome.storage.local.get('history'));
  return (stored.history ?? []) as HistoryEntry[];
}

export async function notificationsOf(extension: ExtensionUnderTest): Promise<string[]> {
  const worker = await extension.worker();
  return Object.keys(await worker.evaluate(() => chrome.notifications.getAll()));
}

export async function alarmsOf(extension: ExtensionUnderTest): Promise<string[]> {
  const worker = await extension.worker();
  return (await worker.evaluate(() => chrome.alarms.getAll())).map((alarm) => alarm.name);
}

export async function badgeOf(extension: ExtensionUnderTest): Promise<string> {
  const worker = await extension.worker();
  return worker.evaluate(() => chrome.action.getBadgeText({}));
}

/** Polls of one job as the service saw them, read on the service side so the worker is not woken. */
export function pollsOf(service: ReferenceService, jobId: string) {
  return service.requests().filter((entry) => entry.method === 'GET' && entry.path === `/v1/videos/${jobId}`);
}

export function submissionsOf(service: ReferenceService) {
  return service
    .requests()
    .filter((entry) => entry.method === 'POST' && entry.path === '/v1/videos/generate');
}

type Dispatchable = { dispatch: (...args: unknown[]) => void };

/** Runs the extension's context-menu handler as Chrome does when a person picks the entry. */
export async function clickContextMenu(
  extension: ExtensionUnderTest,
  menuItemId: string,
  selectionText: string,
) {
  const worker = await extension.worker();
  await worker.evaluate(
    ([id, text]) =>
      (chrome.contextMenus.onClicked as unknown as Dispatchable).dispatch(
        { menuItemId: id, selectionText: text, editable: false, pageUrl: 'https://example.org/' },
        undefined,
      ),
    [menuItemId, selectionText] as const,
  );
}

export async function clickNotification(extension: ExtensionUnderTest, notificationId: string) {
  const worker = await extension.worker();
  await worker.evaluate(
    (id) => (chrome.notifications.onClicked as unknown as Dispatchable).dispatch(id),
    notificationId,
  );
}

export const MENU_VIDEO = 'promptcast-video-from-selection';
export const MENU_IMAGE = 'promptcast-image-from-selection';
