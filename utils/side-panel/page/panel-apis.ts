/**
 * The browsers' panel APIs without anything else, so the pages' first script (entrypoints/page-shell.ts),
 * which must stay small, can open the panel during the very click that asks for it.
 */

/** Firefox's MV2 build has a sidebar, Chrome's MV3 build a side panel: each build carries only its own. */
const firefoxBuild = import.meta.env.MANIFEST_VERSION === 2;

/** chrome.windows.WINDOW_ID_CURRENT, spelled out so pages need not reach for the windows API. */
export const CURRENT_WINDOW = -2;

/** The two browsers' panel APIs, neither of which the other browser (nor WXT's types) knows. */
interface PanelApis {
  chrome?: {
    sidePanel?: {
      open: (options: { windowId: number }) => Promise<void>;
      setOptions: (options: { path: string }) => Promise<void>;
    };
  };
  browser?: {
    sidebarAction?: { open: () => Promise<void>; setPanel: (details: { panel: string }) => Promise<void> };
  };
}

/**
 * Asks the browser to open its panel in the window (undefined: this browser has none). Both browsers accept
 * this only during the person's click or key press, so it is called synchronously from the handler.
 */
export function requestPanel(windowId: number): Promise<void> | undefined {
  const apis = globalThis as PanelApis;
  return firefoxBuild ? apis.browser?.sidebarAction?.open() : apis.chrome?.sidePanel?.open({ windowId });
}

/** The popup's *Open side panel*: the work moves to the panel, and the popup closes once it is open. */
export function moveToSidePanel(): void {
  requestPanel(CURRENT_WINDOW)?.then(
    () => window.close(),
    // Refused (a browser without a side panel): the popup simply stays.
    () => undefined,
  );
}

/** Shows another page of the extension in Chrome's side panel, or Firefox's sidebar, in every window. */
export function setSidePanelPage(page: string): Promise<void> | undefined {
  const apis = globalThis as PanelApis;
  return firefoxBuild
    ? apis.browser?.sidebarAction?.setPanel({ panel: page })
    : apis.chrome?.sidePanel?.setOptions({ path: page });
}
