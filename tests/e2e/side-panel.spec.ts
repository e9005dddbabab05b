import { OptionsPage } from './pages/options';
import { PanelPage, RealSidePanel } from './pages/panel';
import { PopupPage } from './pages/popup';
import { schemes, seriousViolations } from './support/axe';
import type { ExtensionUnderTest } from './support/extension';
import { expect, test } from './support/fixtures';
import { historyOf } from './support/probes';
import { shot } from './support/screenshots';
import { configure } from './support/setup';

const MENU_EDIT = 'promptcast-edit-from-selection';
const videoDefaults = { duration: 7, resolution: '1080p', aspectRatio: '9:16', generateAudio: false };

type Dispatchable = { dispatch: (...args: unknown[]) => void };

interface OpenCall {
  windowId: number;
  /** The call came while the click's handler was still running, not after something it awaited. */
  inHandler: boolean;
  refusal?: string;
}

/**
 * Clicks a context-menu entry as Chrome delivers it (with the tab it was opened on), recording each
 * `sidePanel.open` the handler makes. The real API still runs: a click delivered by a test carries no user
 * gesture, so Chrome refuses it, and the refusal is recorded too.
 */
async function clickMenuWatchingPanel(
  extension: ExtensionUnderTest,
  menuItemId: string,
  selectionText: string,
): Promise<OpenCall[]> {
  const worker = await extension.worker();
  return worker.evaluate(
    async ([id, text]) => {
      const [window] = await chrome.windows.getAll();
      const calls: OpenCall[] = [];
      const real = chrome.sidePanel.open.bind(chrome.sidePanel);
      let inHandler = true;
      const pending: Promise<void>[] = [];
      chrome.sidePanel.open = ((options: { windowId: number }) => {
        const call: OpenCall = { windowId: options.windowId, inHandler };
        calls.push(call);
        const opening = real(options).catch((error: unknown) => {
          call.refusal = String(error);
        });
        pending.push(opening);
        return opening;
      }) as typeof chrome.sidePanel.open;
      (chrome.contextMenus.onClicked as unknown as Dispatchable).dispatch(
        { menuItemId: id, selectionText: text, editable: false, pageUrl: 'https://example.org/' },
        { id: 1, windowId: window?.id, index: 0 },
      );
      inHandler = false;
      await Promise.all(pending);
      chrome.sidePanel.open = real;
      return calls.map((call) => ({ ...call, expectedWindow: window?.id }));
    },
    [menuItemId, selectionText] as const,
  );
}

/** Opens the real side panel as a person does: the popup's button, a real click (a user gesture). */
async function openRealPanel(extension: ExtensionUnderTest): Promise<RealSidePanel> {
  const cdp = await RealSidePanel.browserSession(extension);
  expect(await RealSidePanel.targets(cdp, extension)).toEqual([]);
  const popup = await PopupPage.open(extension);
  await popup.page.getByRole('button', { name: 'Open side panel' }).click();
  let panel: RealSidePanel | undefined;
  await expect.poll(async () => (panel = await RealSidePanel.find(cdp, extension))).toBeDefined();
  if (!panel) throw new Error('no side panel');
  return panel;
}

test('the panel shows balance, form, jobs and a gallery, and follows a job that completes while it is open', async ({
  extension,
  service,
}) => {
  service.configure({ videoDurationMs: 4_000 });
  await configure(extension, service);
  const panel = await PanelPage.openTab(extension);
  await expect(panel.balance).toContainText('credits');
  await expect(panel.prompt).toBeVisible();
  await expect(panel.videoButton).toBeEnabled();
  const before = await panel.balance.textContent();

  await panel.generateImage('a lantern on a pier');
  await expect(panel.result.getByRole('img', { name: 'a lantern on a pier' })).toBeVisible();
  await expect(panel.galleryCells()).toHaveCount(1);

  // The video is started elsewhere (the popup): the panel learns of it only through storage.
  const popup = await PopupPage.open(extension);
  await popup.generateVideo('a paper crane unfolding');
  await expect(panel.job('a paper crane unfolding')).toHaveAttribute('data-status', 'running');
  await expect(panel.job('a paper crane unfolding')).toHaveAttribute('data-status', 'completed', {
    timeout: 30_000,
  });
  await expect(panel.galleryCells()).toHaveCount(2);
  await expect(panel.galleryCells().first()).toContainText('a paper crane unfolding');
  await expect(panel.balance).not.toHaveText(before ?? '');
});

test('the popup button opens the real side panel; the keyboard command opens it in its own window', async ({
  extension,
  service,
}) => {
  await configure(extension, service);
  const panel = await openRealPanel(extension);
  // It is the panel page itself, rendered: its title, and the balance read from storage.
  await expect.poll(async () => (await panel.form()).title).toBe('Promptcast side panel');
  await expect
    .poll(() =>
      panel.evaluate<string>(`document.querySelector('[data-testid="balance"]')?.textContent ?? ''`),
    )
    .toContain('credits');
  const worker = await extension.worker();
  const manifest = await worker.evaluate(() => chrome.runtime.getManifest());
  expect(manifest.side_panel).toEqual({ default_path: 'sidepanel.html' });
  expect(manifest.commands?.['open-side-panel']?.suggested_key).toEqual({ default: 'Alt+Shift+Y' });
  // The command's handler opens the panel of the window it came from (no gesture here: Chrome refuses).
  const calls = await worker.evaluate(async () => {
    const [window] = await chrome.windows.getAll();
    const seen: number[] = [];
    const real = chrome.sidePanel.open.bind(chrome.sidePanel);
    chrome.sidePanel.open = ((options: { windowId: number }) => {
      seen.push(options.windowId);
      return real(options).catch(() => undefined);
    }) as typeof chrome.sidePanel.open;
    (chrome.commands.onCommand as unknown as Dispatchable).dispatch('open-side-panel', {
      id: 1,
      windowId: window?.id,
    });
    chrome.sidePanel.open = real;
    return { seen, window: window?.id };
  });
  expect(calls.seen).toEqual([calls.window]);
});

test('"Edit prompt from selection…" fills the open panel’s prompt box with the selection, focused, ready to send', async ({
  extension,
  service,
}) => {
  await configure(extension, service, { videoDefaults });
  const panel = await openRealPanel(extension);
  const calls = await clickMenuWatchingPanel(extension, MENU_EDIT, '  a heron\n  in the reeds ');
  // The handler opened the panel itself, synchronously, in the click's window: with a person's click
  // (which carries the gesture a test's cannot) that is what opens a closed panel.
  expect(calls).toHaveLength(1);
  expect(calls[0]).toMatchObject({ inHandler: true });
  expect(calls[0]?.windowId).toBe((calls[0] as unknown as { expectedWindow: number }).expectedWindow);
  expect(calls[0]?.refusal).toContain('user gesture');

  await expect
    .poll(() => panel.form())
    .toMatchObject({ prompt: 'a heron in the reeds', focused: true, duration: '7' });
  // Taken once: the background removed the draft, and nothing was spent.
  const worker = await extension.worker();
  await expect.poll(() => worker.evaluate(() => chrome.storage.local.get('composerDraft'))).toEqual({});
  expect(service.jobs()).toEqual([]);
});

test('a draft waiting when the panel opens is filled in, then edited and sent as a video', async ({
  extension,
  service,
}) => {
  await configure(extension, service, { videoDefaults });
  await clickMenuWatchingPanel(extension, MENU_EDIT, 'a heron in the reeds');
  const panel = await PanelPage.openTab(extension);
  await expect(panel.prompt).toHaveValue('a heron in the reeds');
  await expect(panel.prompt).toBeFocused();
  await expect(panel.page.getByLabel('Duration (seconds)')).toHaveValue('7');
  await panel.page.keyboard.type(' at dawn');
  await panel.videoButton.click();
  await expect(panel.job('a heron in the reeds at dawn')).toBeVisible();
  // The job is listed once its entry is stored, which is before its submission leaves: wait for the service.
  await expect.poll(() => service.jobs().map((job) => job.prompt)).toEqual(['a heron in the reeds at dawn']);
});

test('with "review the selection" on, the direct entries fill the panel instead of spending credits', async ({
  extension,
  service,
}) => {
  await configure(extension, service);
  const worker = await extension.worker();
  // Chrome has no API to list menu entries: record what the background creates.
  await worker.evaluate(() => {
    const created: Array<{ id: string; title: string }> = [];
    const real = chrome.contextMenus.create.bind(chrome.contextMenus);
    chrome.contextMenus.create = ((properties: { id: string; title: string }) => {
      created.push({ id: properties.id, title: properties.title });
      return real(properties);
    }) as typeof chrome.contextMenus.create;
    Object.assign(globalThis, { createdMenus: created });
  });
  const options = await OptionsPage.open(extension);
  await options.page.getByLabel('Review the selection in the side panel before generating').check();
  await options.save();
  await expect(options.page.getByRole('status')).toHaveText('Saved.');
  const menus = await worker.evaluate(
    () => (globalThis as unknown as { createdMenus: Array<{ id: string; title: string }> }).createdMenus,
  );
  const image = menus.find((menu) => menu.title === 'Generate image from selection');
  expect(menus.map((menu) => menu.title)).toEqual([
    'Generate video from selection',
    'Generate image from selection',
    'Edit prompt from selection…',
  ]);
  if (!image) throw new Error('no image entry');

  const panel = await PanelPage.openTab(extension);
  const calls = await clickMenuWatchingPanel(extension, image.id, 'a glass whale');
  expect(calls).toHaveLength(1);
  await expect(panel.prompt).toHaveValue('a glass whale');
  expect(service.requests().filter((request) => request.method === 'POST')).toEqual([]);
  expect(await historyOf(extension)).toEqual([]);
});

for (const scheme of schemes) {
  test(`axe finds nothing serious on the panel and its viewer (${scheme})`, async ({
    extension,
    service,
  }) => {
    service.configure({ videoDurationMs: 60_000 });
    await configure(extension, service);
    const panel = await PanelPage.openTab(extension);
    await panel.generateImage('a kite over the dunes');
    await expect(panel.result.getByRole('img')).toBeVisible();
    await panel.generateVideo('a slow tide');
    await expect(panel.job('a slow tide')).toBeVisible();
    await expect(panel.galleryCells()).toHaveCount(1);
    expect(await seriousViolations(panel.page, scheme)).toEqual([]);
    await panel.page.screenshot({ path: shot(`panel-${scheme}`), fullPage: true });

    await panel.galleryCells().first().getByRole('button').click();
    await expect(panel.viewer).toBeVisible();
    await expect(panel.viewer.getByRole('img')).toBeVisible();
    expect(await seriousViolations(panel.page, scheme)).toEqual([]);
  });
}
