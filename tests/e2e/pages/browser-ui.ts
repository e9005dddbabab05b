/** The browser's own surfaces a person uses: the context menu and notifications, delivered as Chrome does. */
import type { ExtensionUnderTest } from '../support/extension';

export const MENU_VIDEO = 'promptcast-video-from-selection';
export const MENU_IMAGE = 'promptcast-image-from-selection';
/** The one entry while the keys are locked. */
export const MENU_UNLOCK = 'promptcast-unlock';

type Dispatchable = { dispatch: (...args: unknown[]) => void };

/** Runs the extension's context-menu handler as Chrome does when a person picks the entry. */
export async function clickContextMenu(
  extension: ExtensionUnderTest,
  menuItemId: string,
  selectionText: string,
): Promise<void> {
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

export async function clickNotification(
  extension: ExtensionUnderTest,
  notificationId: string,
): Promise<void> {
  const worker = await extension.worker();
  await worker.evaluate(
    (id) => (chrome.notifications.onClicked as unknown as Dispatchable).dispatch(id),
    notificationId,
  );
}

/**
 * Whether the context menu holds an entry with this id. Chrome gives no way to list an extension's menu,
 * but updating an entry that is not there fails, so an empty update asks the browser itself.
 */
export async function hasMenuEntry(extension: ExtensionUnderTest, menuItemId: string): Promise<boolean> {
  const worker = await extension.worker();
  return worker.evaluate(
    (id) =>
      chrome.contextMenus.update(id, {}).then(
        () => true,
        () => false,
      ),
    menuItemId,
  );
}
