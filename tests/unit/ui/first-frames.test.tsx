// @vitest-environment happy-dom
import { act, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PageRoot } from '@/components/PageRoot';
import { DEFAULT_SETTINGS } from '@/utils/settings/defaults';
import { keyStatusItem, settingsItem } from '@/utils/storage/items';
import { hydratePage } from '@/utils/ui/hydrate-page';

// Tells React that act() is used here (what @testing-library/react would set).
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
// fakeBrowser has no permission events, which a module of the pages listens to when it loads.
for (const event of [fakeBrowser.permissions.onAdded, fakeBrowser.permissions.onRemoved])
  vi.spyOn(event, 'addListener').mockImplementation(() => undefined);
const { firstFrames } = await import('@/build/first-frames');
const { App } = await import('@/entrypoints/popup/App');
const { PanelApp } = await import('@/entrypoints/sidepanel/PanelApp');

const SETTINGS = { ...DEFAULT_SETTINGS, baseUrl: 'http://127.0.0.1:8787' };

// A service set up, as storage says once read: the pages then load no set-up notice after the test.
beforeEach(async () => {
  fakeBrowser.reset();
  Object.assign(fakeBrowser.i18n, { getUILanguage: () => 'en' });
  vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockResolvedValue({ ok: true, data: null });
  await settingsItem.setValue(SETTINGS);
  await keyStatusItem.setValue({ set: true, origin: 'http://127.0.0.1:8787' });
});
afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

/** The page's HTML as the build writes it: the frame rendered by build/first-frames.tsx inside #root. */
function builtPage(markup: string): HTMLElement {
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = markup;
  document.body.replaceChildren(root);
  return root;
}

const inRoot = (app: ReactNode) => <PageRoot>{app}</PageRoot>;

// React's development build (the one tests run) reports every hydration mismatch, attributes included,
// through console.error; the production build the extension ships checks text only.
describe('the build-time first frames', () => {
  it('the popup hydrates with no mismatch, then paints its snapshot', async () => {
    const errors = vi.spyOn(console, 'error');
    const root = builtPage(firstFrames.popup?.() ?? '');
    const box = root.querySelector('textarea');
    const snapshot = {
      settings: SETTINGS,
      history: [],
      balance: { value: 1000, fetchedAt: Date.now() },
    };
    let painted: string | null | undefined;
    await act(async () => {
      hydratePage(root, 'en', inRoot(<App />), inRoot(<App snapshot={snapshot} />));
      // Before anything storage answers: what the same task painted.
      painted = root.querySelector('[data-testid="balance"]')?.textContent;
    });
    expect(errors).not.toHaveBeenCalled();
    expect(root.querySelector('textarea')).toBe(box);
    expect(painted).toMatch(/^1,000 credits/);
  });

  it("the popup's built frame says nothing about the balance until storage is read, then what it holds", async () => {
    const root = builtPage(firstFrames.popup?.() ?? '');
    const slot = () => root.querySelector('[data-testid="balance"]')?.textContent;
    // A later open paints its cached figure over this slot a frame later; "not known yet" there was false.
    expect(slot()).toBe('\u00a0');
    // The refresh the popup asks for is answered without a figure, so storage holds none for this service.
    await act(async () => hydratePage(root, 'en', inRoot(<App />)));
    await vi.waitFor(() => expect(slot()).toBe('Balance not known yet'));
  });

  it('the side panel hydrates with no mismatch', async () => {
    const errors = vi.spyOn(console, 'error');
    const root = builtPage(firstFrames.sidepanel?.() ?? '');
    const box = root.querySelector('textarea');
    await act(async () => hydratePage(root, 'en', inRoot(<PanelApp />)));
    expect(errors).not.toHaveBeenCalled();
    expect(root.querySelector('textarea')).toBe(box);
  });
});
