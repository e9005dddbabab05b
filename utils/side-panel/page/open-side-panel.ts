import { AppError } from '../../error-info';

/** Firefox's MV2 build has a sidebar, Chrome's MV3 build a side panel: each build carries only its own. */
const firefoxBuild = import.meta.env.MANIFEST_VERSION === 2;

/** chrome.windows.WINDOW_ID_CURRENT, spelled out so pages need not reach for the windows API. */
const CURRENT_WINDOW = -2;

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
 * Opens Chrome's side panel, or Firefox's sidebar, in the given (else the current) window. Both browsers
 * accept this only during the person's click or key press, so callers call it synchronously from the
 * handler, before anything they await.
 */
export function openSidePanel(windowId = CURRENT_WINDOW): Promise<void> {
  const apis = globalThis as PanelApis;
  const opened = firefoxBuild
    ? apis.browser?.sidebarAction?.open()
    : apis.chrome?.sidePanel?.open({ windowId });
  return opened ?? Promise.reject(new AppError('no_side_panel'));
}

/** Shows another page of the extension in Chrome's side panel, or Firefox's sidebar, in every window. */
export function setSidePanelPage(page: string): Promise<void> | undefined {
  const apis = globalThis as PanelApis;
  return firefoxBuild
    ? apis.browser?.sidebarAction?.setPanel({ panel: page })
    : apis.chrome?.sidePanel?.setOptions({ path: page });
}
