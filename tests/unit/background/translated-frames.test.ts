// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { showTranslatedFrames } from '../../../utils/background/translated-frames';
import { chromeGetMessage, readMessages } from '../ui/locales';

const german = chromeGetMessage(readMessages('de'));

/** The worker's view of the browser: the action, and Chrome's side panel or Firefox's sidebar. */
function browserShown(getMessage: (key: string) => string, panel: 'chrome' | 'firefox') {
  const setPopup = vi.fn(async (_details: { popup: string }) => undefined);
  const setPanelPage = vi.fn(async (_details: { path?: string; panel?: string }) => undefined);
  Object.assign(fakeBrowser.i18n, { getMessage });
  Object.assign(fakeBrowser.action, { setPopup });
  vi.stubGlobal(
    'chrome',
    panel === 'chrome' ? { sidePanel: { open: vi.fn(), setOptions: setPanelPage } } : undefined,
  );
  vi.stubGlobal(
    'browser',
    panel === 'firefox' ? { sidebarAction: { open: vi.fn(), setPanel: setPanelPage } } : undefined,
  );
  return { setPopup, setPanelPage };
}

afterEach(() => vi.unstubAllGlobals());

describe('first frames in the browser’s translation', () => {
  it('points the toolbar popup and Chrome’s side panel at the German pages the build wrote', () => {
    const { setPopup, setPanelPage } = browserShown(german, 'chrome');
    showTranslatedFrames();
    expect(setPopup).toHaveBeenCalledWith({ popup: 'popup.de.html' });
    expect(setPanelPage).toHaveBeenCalledWith({ path: 'sidepanel.de.html' });
  });

  it('points Firefox’s sidebar at the German panel page', () => {
    const { setPopup, setPanelPage } = browserShown(german, 'firefox');
    showTranslatedFrames();
    expect(setPopup).toHaveBeenCalledWith({ popup: 'popup.de.html' });
    expect(setPanelPage).toHaveBeenCalledWith({ panel: 'sidepanel.de.html' });
  });

  it('leaves an English browser on the pages the manifest names', () => {
    const { setPopup, setPanelPage } = browserShown(chromeGetMessage(readMessages('en')), 'chrome');
    showTranslatedFrames();
    expect(setPopup).not.toHaveBeenCalled();
    expect(setPanelPage).not.toHaveBeenCalled();
  });
});
