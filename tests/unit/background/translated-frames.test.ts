// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { showTranslatedFrames } from '../../../utils/background/translated-frames';
import { chromeGetMessage, readMessages } from '../ui/locales';

const german = chromeGetMessage(readMessages('de'));

/**
 * The worker's view of the browser: the action and Chrome's side panel. (The Firefox build points its sidebar
 * instead: tests/firefox/german.spec.ts.)
 */
function browserShown(getMessage: (key: string) => string) {
  const setPopup = vi.fn(async (_details: { popup: string }) => undefined);
  const setPanelPage = vi.fn(async (_details: { path: string }) => undefined);
  Object.assign(fakeBrowser.i18n, { getMessage });
  Object.assign(fakeBrowser.action, { setPopup });
  vi.stubGlobal('chrome', { sidePanel: { open: vi.fn(), setOptions: setPanelPage } });
  return { setPopup, setPanelPage };
}

afterEach(() => vi.unstubAllGlobals());

describe('first frames in the browser’s translation', () => {
  it('points the toolbar popup and Chrome’s side panel at the German pages the build wrote', () => {
    const { setPopup, setPanelPage } = browserShown(german);
    showTranslatedFrames();
    expect(setPopup).toHaveBeenCalledWith({ popup: 'popup.de.html' });
    expect(setPanelPage).toHaveBeenCalledWith({ path: 'sidepanel.de.html' });
  });

  it('leaves an English browser on the pages the manifest names', () => {
    const { setPopup, setPanelPage } = browserShown(chromeGetMessage(readMessages('en')));
    showTranslatedFrames();
    expect(setPopup).not.toHaveBeenCalled();
    expect(setPanelPage).not.toHaveBeenCalled();
  });
});
