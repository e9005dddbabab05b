import type { Page } from '@playwright/test';
import { LISTS_COPY_KEY } from '../../utils/ui/lists-copy';
import { BatchControls } from './pages/batch';
import { LibraryPicker } from './pages/library';
import { RealSidePanel } from './pages/panel';
import type { ExtensionUnderTest } from './support/extension';
import { expect, test } from './support/fixtures';
import { quiet, quietHistoryOf, requestsTo, storageOf, submissionsOf } from './support/probes';
import { configure, sendFrom } from './support/setup';

/** What the page looked like the moment the early click below was made. */
interface EarlyClick {
  /** performance.now(): milliseconds since the navigation started. */
  at: number;
  /** No frame had been painted yet (reported only: the shell, a module, usually runs after the first frame). */
  beforeFirstPaint: boolean;
  hydrated: boolean;
  held: string | undefined;
}

/**
 * Injected before the page's own scripts: once the markup is parsed and the page's modules have run
 * (DOMContentLoaded: the head module that holds clicks has run, React has not, as it waits for a frame),
 * types `prompt` into the box as the browser reports typing (the value, then an input event) and clicks
 * the button of `kind`, noting when and what the page had done by then. The box itself is kept: React must
 * hydrate it (adopt the node), not render a new one over it.
 */
function typeAndClickAtOnce({ kind, prompt }: { kind: string; prompt: string }): void {
  document.addEventListener('DOMContentLoaded', () => {
    const box = document.querySelector('textarea');
    const button = document.querySelector<HTMLButtonElement>(`button[data-generate="${kind}"]`);
    if (!box || !button) throw new Error('no first frame to click in');
    const html = document.documentElement;
    box.value = prompt;
    box.dispatchEvent(new Event('input', { bubbles: true }));
    const hydrated = html.dataset.hydrated !== undefined;
    button.click();
    const click: EarlyClick = {
      at: performance.now(),
      beforeFirstPaint: performance.getEntriesByType('paint').length === 0,
      hydrated,
      held: html.dataset.heldClick,
    };
    Object.assign(window, { earlyClick: click, earlyBox: box });
  });
}

/**
 * Injected before the page's own scripts: the page shell starts the app by adding its script to the head
 * (utils/ui/app-start.ts), so holding that script holds React back for as long as the test wants, while the
 * shell has done all it does and the browser keeps painting the first frame and taking input.
 */
function holdTheApp(): void {
  const held: Node[] = [];
  const head = HTMLHeadElement.prototype;
  const append = head.append;
  head.append = function (this: HTMLHeadElement, ...nodes: Array<Node | string>) {
    for (const node of nodes)
      if (node instanceof HTMLScriptElement) held.push(node);
      else append.call(this, node);
  };
  Object.assign(window, {
    releaseApp: () => {
      head.append = append;
      document.head.append(...held);
    },
  });
}

/** Lets the app held back by `holdTheApp` go on. */
const releaseApp = (page: Page) =>
  page.evaluate(() => (window as unknown as { releaseApp: () => void }).releaseApp());

/** The popup with its app held back, and its page, prompt box and root element. */
async function openHeldPopup(extension: ExtensionUnderTest) {
  const { page, errors } = await openWith(extension, 'popup', (page) => page.addInitScript(holdTheApp));
  return { page, errors, html: page.locator('html'), box: page.getByRole('textbox', { name: 'Prompt' }) };
}

/** Opens a page of the extension after `prepare` (its init scripts), collecting what it reports as errors. */
async function openWith(
  extension: ExtensionUnderTest,
  /** The page's file without `.html`: `popup`, `sidepanel`, or a translation's `popup.de`. */
  name: string,
  prepare: (page: Page) => Promise<unknown>,
): Promise<{ page: Page; errors: string[] }> {
  const page = await extension.context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
  });
  await prepare(page);
  await page.goto(`${extension.origin}/${name}.html`);
  return { page, errors };
}

const imageRequests = (service: Parameters<typeof submissionsOf>[0]) =>
  requestsTo(service.requests(), '/v1/images/generate', 'POST');

const sameBoxAsEarly = (page: Page) =>
  page.evaluate(() => document.querySelector('textarea') === (window as { earlyBox?: unknown }).earlyBox);

async function earlyClickOf(page: Page): Promise<EarlyClick> {
  await page.waitForFunction(() => 'earlyClick' in window);
  return page.evaluate(() => (window as unknown as { earlyClick: EarlyClick }).earlyClick);
}

test('popup: typed and clicked in the first frame, before React: the text stays and one image is made', async ({
  extension,
  service,
}) => {
  await configure(extension, service);
  const prompt = 'a kite over the dunes, typed before React';
  const { page, errors } = await openWith(extension, 'popup', (page) =>
    page.addInitScript(typeAndClickAtOnce, { kind: 'image', prompt }),
  );

  const click = await earlyClickOf(page);
  test.info().annotations.push({
    type: 'early click',
    description: `${click.at.toFixed(1)} ms after navigation, ${click.beforeFirstPaint ? 'before' : 'after'} the first paint`,
  });
  // The early path ran: React had not hydrated, and the page shell kept the click.
  expect(click).toMatchObject({ hydrated: false, held: 'image' });

  await expect(page.getByRole('status').filter({ hasText: 'Image ready.' })).toBeVisible();
  await expect(page.locator('textarea')).toHaveValue(prompt);
  expect(await sameBoxAsEarly(page)).toBe(true);
  await quiet(service);
  const sent = imageRequests(service);
  expect(sent).toHaveLength(1);
  expect(JSON.parse(sent[0]?.body ?? '{}')).toMatchObject({ prompt });
  expect(errors).toEqual([]);
});

test('popup: a person types, chooses and clicks while React is held back; React adopts it all and sends once', async ({
  extension,
  service,
}) => {
  await configure(extension, service);
  const { page, errors, html, box } = await openHeldPopup(extension);
  const duration = page.getByLabel('Duration (seconds)');

  await box.pressSequentially('a red kite');
  await duration.fill('9');
  await page.getByLabel('One per line').check();
  await page.getByRole('button', { name: 'Generate image' }).click();
  await expect(html).toHaveAttribute('data-held-click', 'image');
  await expect(html).not.toHaveAttribute('data-hydrated');
  await page.waitForTimeout(300);
  expect(imageRequests(service)).toHaveLength(0);

  await releaseApp(page);
  await expect(html).toHaveAttribute('data-hydrated');
  await expect(page.getByRole('status').filter({ hasText: 'Image ready.' })).toBeVisible();
  await expect(box).toHaveValue('a red kite');
  // React took "One per line" over too: it says what one line per prompt makes.
  await expect(page.getByText('1 image or 1 video will be made, one per line.')).toBeVisible();
  await quiet(service);
  expect(imageRequests(service)).toHaveLength(1);

  // And the duration: a video asked for now goes out with what was typed before React.
  await expect(duration).toHaveValue('9');
  await page.getByRole('button', { name: 'Generate video' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Video submitted.' })).toBeVisible();
  expect(submissionsOf(service)).toHaveLength(1);
  expect(JSON.parse(submissionsOf(service)[0]?.body ?? '{}')).toMatchObject({ duration: 9 });
  expect(errors).toEqual([]);
});

test('popup: a slash pressed in the empty box while React is held back opens the library once, and types nothing', async ({
  extension,
  service,
}) => {
  await configure(extension, service);
  const { page, errors, html, box } = await openHeldPopup(extension);
  const picker = new LibraryPicker(page);

  await box.press('/');
  await expect(box).toHaveValue('/');
  await expect(html).not.toHaveAttribute('data-hydrated');

  await releaseApp(page);
  await expect(html).toHaveAttribute('data-hydrated');
  // The key it was: the picker opens, its search takes the keys, and the box holds no slash.
  await expect(picker.search).toBeFocused();
  await expect(box).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(picker.search).toHaveCount(0);
  await expect(box).toHaveValue('');
  // Once: typed now, a slash still opens it, and other text is the prompt.
  await box.press('/');
  await expect(picker.search).toBeFocused();
  await page.keyboard.press('Escape');
  await box.pressSequentially('a/b');
  await expect(box).toHaveValue('a/b');
  expect(errors).toEqual([]);
});

/** Injected before the page's own scripts: counts the page's calls to open the options page. */
function countOptionsOpens(): void {
  const real = chrome.runtime.openOptionsPage.bind(chrome.runtime);
  const calls: number[] = [];
  Object.assign(window, { optionsOpens: calls });
  chrome.runtime.openOptionsPage = (() => {
    calls.push(performance.now());
    return real();
  }) as typeof chrome.runtime.openOptionsPage;
}

const optionsOpens = (page: Page) =>
  page.evaluate(() => (window as unknown as { optionsOpens: number[] }).optionsOpens.length);

test('popup: Library and Options clicked while React is held back each act once React handles them', async ({
  extension,
  service,
}) => {
  await configure(extension, service);
  const { page, errors, html } = await openHeldPopup(extension);
  const picker = new LibraryPicker(page);

  // Library: nothing happens yet (the frame's button has no handler), and the click is not lost.
  await page.getByRole('button', { name: 'Library', exact: true }).click();
  await expect(html).toHaveAttribute('data-held-button');
  await expect(picker.search).toHaveCount(0);
  await releaseApp(page);
  await expect(html).toHaveAttribute('data-hydrated');
  await expect(picker.search).toBeFocused();
  await expect(picker.search).toHaveCount(1);
  expect(errors).toEqual([]);

  // Options, in a popup opened afresh: one call to open the options page, made once React has the button.
  const held = await openWith(extension, 'popup', async (next) => {
    await next.addInitScript(holdTheApp);
    await next.addInitScript(countOptionsOpens);
  });
  await held.page.getByRole('button', { name: 'Options' }).click();
  await expect(held.page.locator('html')).toHaveAttribute('data-held-button');
  expect(await optionsOpens(held.page)).toBe(0);
  await releaseApp(held.page);
  await expect(held.page.locator('html')).toHaveAttribute('data-hydrated');
  await expect.poll(() => optionsOpens(held.page)).toBe(1);
  await expect
    .poll(() => extension.context.pages().filter((open) => open.url().endsWith('/options.html')).length)
    .toBe(1);
  // From now on React alone handles it: one click, one call.
  await held.page.getByRole('button', { name: 'Options' }).click();
  await expect.poll(() => optionsOpens(held.page)).toBe(2);
  expect(held.errors).toEqual([]);
});

test('popup: Open side panel clicked before React opens the panel from that very click, once', async ({
  extension,
  service,
}) => {
  await configure(extension, service);
  const cdp = await RealSidePanel.browserSession(extension);
  expect(await RealSidePanel.targets(cdp, extension)).toEqual([]);
  const { page, html } = await openHeldPopup(extension);
  await expect(html).toHaveAttribute('data-holds-clicks');
  await expect(html).not.toHaveAttribute('data-hydrated');
  // The browser opens a panel only during the click itself, so the first frame's script opens it at once,
  // and the popup closes as after a click React handled: React never comes to replay it.
  await page.getByRole('button', { name: 'Open side panel' }).click();
  await expect.poll(() => RealSidePanel.targets(cdp, extension).then((found) => found.length)).toBe(1);
  await expect.poll(() => page.isClosed()).toBe(true);
  expect(await RealSidePanel.targets(cdp, extension)).toHaveLength(1);
});

for (const name of ['popup', 'sidepanel'] as const)
  test(`${name}: a profile chosen in the switch while React is held back is switched to once`, async ({
    extension,
    service,
  }) => {
    const options = await configure(extension, service);
    const added = await sendFrom(options, { type: 'addProfile', name: 'Work' });
    if (!added.ok) throw new Error(added.error.message);
    const profiles = async () =>
      (await storageOf(extension)).local.profiles as { activeId: string; list: { id: string }[] };
    const first = (await profiles()).list[0]?.id ?? '';
    const work = added.data.id;
    // Back on the first profile, the one set up: an earlier open leaves the snapshot the shell paints from.
    expect(await sendFrom(options, { type: 'switchProfile', id: first })).toMatchObject({ ok: true });
    const earlier = await extension.openPage(name);
    await expect(earlier.getByRole('combobox', { name: 'Profile' })).toHaveValue(first);
    await expect
      .poll(() => earlier.evaluate(() => localStorage.getItem('promptcast:popup-snapshot:v1') ?? ''))
      .toContain('"switcher"');
    await earlier.close();
    // Every command the worker is sent from now on, by type.
    const worker = await extension.worker();
    await worker.evaluate(() => {
      const seen: string[] = [];
      Object.assign(globalThis, { commandsSeen: seen });
      chrome.runtime.onMessage.addListener((message: { type?: string }) => {
        seen.push(message.type ?? '?');
      });
    });
    const switches = () =>
      worker.evaluate(() =>
        (globalThis as unknown as { commandsSeen: string[] }).commandsSeen.filter(
          (type) => type === 'switchProfile',
        ),
      );

    const { page, errors } = await openWith(extension, name, (next) => next.addInitScript(holdTheApp));
    const html = page.locator('html');
    const choice = page.getByRole('combobox', { name: 'Profile' });
    await expect(choice).toHaveValue(first);
    await choice.selectOption(work);
    await expect(html).not.toHaveAttribute('data-hydrated');
    expect(await switches()).toEqual([]);

    await releaseApp(page);
    await expect(html).toHaveAttribute('data-hydrated');
    await expect.poll(async () => (await profiles()).activeId).toBe(work);
    await expect(choice).toHaveValue(work);
    await expect(page.getByRole('combobox', { name: 'Profile' })).toHaveCount(1);
    expect(await switches()).toEqual(['switchProfile']);
    expect(errors).toEqual([]);
  });

test('popup, a later open: the recent results show before React; Generate again clicked on one makes one image, for that entry', async ({
  extension,
  service,
}) => {
  const options = await configure(extension, service);
  const prompts = ['a lighthouse at dusk', 'a tram in the snow'];
  for (const prompt of prompts)
    expect((await sendFrom(options, { type: 'generateImage', prompt })).ok).toBe(true);
  // An earlier open draws the lists, and keeps the copy the next open paints first.
  const earlier = await extension.openPage('popup');
  await expect(earlier.getByTestId('history-entry')).toHaveCount(2);
  await expect
    .poll(() => earlier.evaluate((key) => localStorage.getItem(key) ?? '', LISTS_COPY_KEY))
    .toContain(prompts[0]);
  await earlier.close();
  await quiet(service);
  const before = imageRequests(service).length;

  const { page, errors, html } = await openHeldPopup(extension);
  const regenerate = page.getByRole('button', { name: `Generate again: ${prompts[0]}` });
  // Painted from the copy: React has not run, yet the entries and their buttons are there.
  await expect(regenerate).toBeVisible();
  await expect(page.getByText('Loading…')).toBeHidden();
  // Dressed by the rules kept with the copy, which the page's own sheet no longer carries: a bare list
  // would show bullets, and its entries no boxes.
  const paintedList = page.locator('[data-lists-copy] ul').first();
  await expect(paintedList).toHaveCSS('list-style-type', 'none');
  await expect(page.locator('[data-lists-copy] [data-entry-id]').first()).toHaveCSS('border-style', 'solid');
  await regenerate.click();
  await expect(html).not.toHaveAttribute('data-hydrated');
  await expect(html).toHaveAttribute('data-held-entry-control');
  expect(imageRequests(service)).toHaveLength(before);

  await releaseApp(page);
  await expect(html).toHaveAttribute('data-hydrated');
  await expect(page.locator('[data-lists-copy]')).toHaveCount(0);
  await expect.poll(() => imageRequests(service).length).toBe(before + 1);
  await quiet(service);
  const sent = imageRequests(service).slice(before);
  expect(sent).toHaveLength(1);
  expect(JSON.parse(sent[0]?.body ?? '{}')).toMatchObject({ prompt: prompts[0] });
  await expect(html).not.toHaveAttribute('data-held-entry-control');
  expect(errors).toEqual([]);
});

test('popup, a later open: a batch at work shows its buttons before React; Pause clicked there pauses it once', async ({
  extension,
  service,
}) => {
  const options = await configure(extension, service);
  // Two are sent at a time and held unanswered: the other three wait, and the batch shows its buttons.
  service.configure({ faults: [{ pathPrefix: '/v1/images/generate', action: { type: 'hold' } }] });
  const prompts = Array.from({ length: 5 }, (_, n) => `a paper boat number ${n + 1}`);
  const sent = await sendFrom(options, { type: 'generateBatch', kind: 'image', prompts });
  expect(sent.ok).toBe(true);
  const waiting = async () => (await quietHistoryOf(extension)).filter((entry) => entry.waiting);
  await expect.poll(async () => (await waiting()).length).toBe(3);
  // An earlier open draws the batch among its jobs, and keeps the copy the next open paints first.
  const earlier = await extension.openPage('popup');
  await expect(new BatchControls(earlier).pause).toBeVisible();
  await expect
    .poll(() => earlier.evaluate((key) => localStorage.getItem(key) ?? '', LISTS_COPY_KEY))
    .toContain('Pause sending');
  await earlier.close();

  const { page, errors, html } = await openHeldPopup(extension);
  const batch = new BatchControls(page);
  // Painted from the copy: React has not run, yet the batch and its buttons are there.
  await expect(batch.pause).toBeVisible();
  await batch.pause.click();
  await expect(html).not.toHaveAttribute('data-hydrated');
  await expect(html).toHaveAttribute('data-held-entry-control', /Pause sending/);
  expect((await waiting()).some((entry) => entry.paused)).toBe(false);

  await releaseApp(page);
  await expect(html).toHaveAttribute('data-hydrated');
  await expect(page.locator('[data-lists-copy]')).toHaveCount(0);
  // Paused once: a second click would have resumed it (the button toggles).
  await expect(batch.resume).toBeVisible();
  await expect.poll(async () => (await waiting()).every((entry) => entry.paused)).toBe(true);
  await expect(html).not.toHaveAttribute('data-held-entry-control');
  await page.waitForTimeout(500);
  expect((await waiting()).map((entry) => entry.paused)).toEqual([true, true, true]);
  await expect(batch.resume).toBeVisible();
  expect(errors).toEqual([]);
});

/**
 * Injected before the page's own scripts: every text the balance slot shows, from the parser's first
 * insertion on, with whether React had hydrated the page by then.
 */
function recordBalanceTexts(): void {
  const seen: Array<{ text: string; hydrated: boolean }> = [];
  const note = () => {
    const text = document.querySelector('#root [data-testid="balance"]')?.textContent;
    if (text === undefined || text === null || seen.at(-1)?.text === text) return;
    seen.push({ text, hydrated: document.documentElement.dataset.hydrated !== undefined });
  };
  new MutationObserver(note).observe(document, { childList: true, subtree: true, characterData: true });
  Object.assign(window, { balanceTexts: seen });
}

test('popup, a later open: the balance slot never says "not known yet"; the cached figure shows before React', async ({
  extension,
  service,
}) => {
  await configure(extension, service);
  const first = await openWith(extension, 'popup', async () => undefined);
  await expect(first.page.getByTestId('balance')).toContainText('1,000 credits');
  // The figure shows once the balance is read, the snapshot is kept once everything is: closed before that,
  // the next open would have no figure to paint.
  await expect
    .poll(() => first.page.evaluate(() => localStorage.getItem('promptcast:popup-snapshot:v1') ?? ''))
    .toContain('1,000 credits');
  await first.page.close();

  const { page, errors } = await openWith(extension, 'popup', async (page) => {
    await page.addInitScript(holdTheApp);
    await page.addInitScript(recordBalanceTexts);
  });
  const texts = () =>
    page.evaluate(
      () => (window as unknown as { balanceTexts: Array<{ text: string; hydrated: boolean }> }).balanceTexts,
    );
  // React is held back: what shows now is the built frame and the page shell's cached figure alone.
  await expect.poll(texts).toContainEqual({ text: expect.stringMatching(/^1,000 credits/), hydrated: false });
  await releaseApp(page);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated');
  await expect(page.getByTestId('balance')).toContainText('1,000 credits');
  // The built frame's slot holds its line empty (read from the file itself: the recorder's first note may
  // come after the shell has painted, when both ran before its first callback).
  const built = await page.evaluate(async () => {
    const html = await (await fetch('/popup.html')).text();
    return new DOMParser().parseFromString(html, 'text/html').querySelector('[data-testid="balance"]')
      ?.textContent;
  });
  expect(built).toBe('\u00a0');
  // What showed: that empty line, then only the figure, never a claim it is unknown.
  const shown = (await texts()).map((seen) => seen.text);
  expect(shown.filter((text) => text !== '\u00a0').every((text) => /^1,000 credits/.test(text))).toBe(true);
  expect(shown.slice(shown.findIndex((text) => text !== '\u00a0'))).not.toContain('\u00a0');
  expect(errors).toEqual([]);
});

test('side panel: a video asked for in the first frame, before React, is submitted once', async ({
  extension,
  service,
}) => {
  await configure(extension, service);
  const prompt = 'waves on a pier, typed before React';
  const { page, errors } = await openWith(extension, 'sidepanel', (page) =>
    page.addInitScript(typeAndClickAtOnce, { kind: 'video', prompt }),
  );

  const click = await earlyClickOf(page);
  test.info().annotations.push({
    type: 'early click',
    description: `${click.at.toFixed(1)} ms after navigation, ${click.beforeFirstPaint ? 'before' : 'after'} the first paint`,
  });
  expect(click).toMatchObject({ hydrated: false, held: 'video' });

  await expect(page.getByRole('status').filter({ hasText: 'Video submitted.' })).toBeVisible();
  await expect(page.locator('textarea')).toHaveValue(prompt);
  expect(await sameBoxAsEarly(page)).toBe(true);
  await quiet(service);
  expect(submissionsOf(service)).toHaveLength(1);
  expect(JSON.parse(submissionsOf(service)[0]?.body ?? '{}')).toMatchObject({ prompt });
  expect(errors).toEqual([]);
});

/** What the frame was when the clicks of `clickBeforeTheShell` were made. */
interface ClickBeforeTheShell {
  /** The page shell had run (it holds clicks from then on); the frame alone held these clicks if not. */
  shellRan: boolean;
  /** The frame's held clicks the browser keeps, after the clicks. */
  heldByTheFrame: number;
}

/**
 * Injected before the page's own scripts: the moment the markup is parsed (`readyState` "interactive"),
 * before any of its deferred scripts (the page shell is one) has run, types `prompt`, clicks the Generate
 * button of `kind` twice and, when asked, Library once: clicks in the first frame before any script of
 * the page could hold them.
 */
function clickBeforeTheShell({
  kind,
  prompt,
  library,
}: {
  kind: string;
  prompt: string;
  library: boolean;
}): void {
  document.addEventListener('readystatechange', () => {
    if (document.readyState !== 'interactive') return;
    const box = document.querySelector('textarea');
    const generate = document.querySelector<HTMLButtonElement>(`button[data-generate="${kind}"]`);
    const libraryButton = document.querySelector<HTMLButtonElement>('button[title^="Or press /"]');
    if (!box || !generate || !libraryButton) throw new Error('no first frame to click in');
    const shellRan = document.documentElement.dataset.holdsClicks !== undefined;
    box.value = prompt;
    box.dispatchEvent(new Event('input', { bubbles: true }));
    generate.click();
    generate.click();
    if (library) libraryButton.click();
    const click: ClickBeforeTheShell = {
      shellRan,
      heldByTheFrame: document.querySelectorAll('[data-frame-hold]:popover-open').length,
    };
    Object.assign(window, { clickBeforeTheShell: click });
  });
}

for (const { name, kind, done, library } of [
  { name: 'popup', kind: 'image', done: 'Image ready.', library: true },
  { name: 'sidepanel', kind: 'video', done: 'Video submitted.', library: false },
] as const)
  test(`${name}: Generate clicked twice${library ? ' and Library once' : ''} in the first frame, before any script ran: each acts once`, async ({
    extension,
    service,
  }) => {
    await configure(extension, service);
    const prompt = `a lighthouse at dusk, clicked for in the ${name}'s bare frame`;
    const { page, errors } = await openWith(extension, name, (page) =>
      page.addInitScript(clickBeforeTheShell, { kind, prompt, library }),
    );

    await page.waitForFunction(() => 'clickBeforeTheShell' in window);
    const click = await page.evaluate(
      () => (window as unknown as { clickBeforeTheShell: ClickBeforeTheShell }).clickBeforeTheShell,
    );
    // No script of the page had run: only the frame's HTML could keep the clicks, and it kept one per button.
    expect(click).toEqual({ shellRan: false, heldByTheFrame: library ? 2 : 1 });

    await expect(page.getByRole('status').filter({ hasText: done })).toBeVisible();
    await expect(page.locator('textarea')).toHaveValue(prompt);
    if (library) await expect(new LibraryPicker(page).search).toBeFocused();
    await quiet(service);
    const sent = kind === 'image' ? imageRequests(service) : submissionsOf(service);
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]?.body ?? '{}')).toMatchObject({ prompt });
    // The holds are gone, and Generate image is the form's submit button again: Enter in a field of the
    // form asks for an image, as in a page that never held anything.
    await expect(page.locator('[data-frame-hold], [popovertarget]')).toHaveCount(0);
    await expect(page.locator('button[data-generate="image"]')).toHaveAttribute('type', 'submit');
    expect(errors).toEqual([]);
  });

/** What the page had parsed and shown when its modules had run (DOMContentLoaded), before React. */
interface FrameAtParse {
  hidden: boolean;
  text: string;
  lang: string;
}

/**
 * Injected before the page's own scripts: notes the frame at DOMContentLoaded, and every rendered frame
 * that shows `english` text. Every frame the browser renders starts with the animation-frame callbacks, so
 * one that finds that text parsed and not hidden is a frame that paints it. Watched until `german` shows.
 */
function watchFrames({ english, german }: { english: string; german: string }): void {
  document.addEventListener('DOMContentLoaded', () => {
    const root = document.getElementById('root');
    const frame: FrameAtParse = {
      hidden: root !== null && getComputedStyle(root).visibility === 'hidden',
      text: root?.textContent ?? '',
      lang: document.documentElement.lang,
    };
    Object.assign(window, { frameAtParse: frame, frameButton: document.querySelector('button') });
  });
  const englishFrames: string[] = [];
  const watch = () => {
    const root = document.getElementById('root');
    const hidden = document.documentElement?.hasAttribute('data-frame-hidden');
    if (root?.textContent?.includes(english) && !hidden) englishFrames.push(root.textContent);
    if (!root?.textContent?.includes(german) || hidden) requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
  Object.assign(window, { englishFrames });
}

async function framesOf(page: Page): Promise<{ atParse: FrameAtParse; english: string[] }> {
  return page.evaluate(() => {
    const seen = window as unknown as { frameAtParse: FrameAtParse; englishFrames: string[] };
    return { atParse: seen.frameAtParse, english: seen.englishFrames };
  });
}

const GERMAN = { english: 'Generate image', german: 'Bild erzeugen' };

test.describe('in a browser shown the German translation', () => {
  test.use({ extensionLaunch: { locale: 'de-DE', language: 'de' } });

  test('the toolbar button and the side panel open pages whose first frame is German, painted before React and hydrated by it', async ({
    extension,
    service,
  }) => {
    await configure(extension, service);
    const settingsPage = await extension.openPage('options');
    const pages = await settingsPage.evaluate(async () => ({
      popup: await chrome.action.getPopup({}),
      panel: (await chrome.sidePanel.getOptions({})).path ?? '',
    }));
    expect(pages).toEqual({ popup: `${extension.origin}/popup.de.html`, panel: 'sidepanel.de.html' });

    for (const file of [pages.popup.replace(`${extension.origin}/`, ''), pages.panel]) {
      const { page, errors } = await openWith(extension, file.replace(/\.html$/, ''), (page) =>
        page.addInitScript(watchFrames, GERMAN),
      );
      await expect(page.locator('html')).toHaveAttribute('data-hydrated');
      const frames = await framesOf(page);
      // The page as parsed, before React: German, shown, and never an English frame.
      expect(frames.atParse).toMatchObject({ hidden: false, lang: 'de' });
      expect(frames.atParse.text).toContain('Bild erzeugen');
      expect(frames.atParse.text).not.toContain('Generate');
      expect(frames.english).toEqual([]);
      // React adopted the frame's nodes (a hydration that failed would have rendered new ones, and logged).
      expect(
        await page.evaluate(
          () => document.querySelector('button') === (window as { frameButton?: unknown }).frameButton,
        ),
      ).toBe(true);
      expect(errors).toEqual([]);
      await page.getByRole('textbox', { name: 'Prompt' }).fill('ein Drachen über den Dünen');
      await page.getByRole('button', { name: 'Bild erzeugen' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Bild fertig.' })).toBeVisible();
      await page.close();
    }
    await quiet(service);
    expect(imageRequests(service)).toHaveLength(2);
  });

  test('the English pages, opened before the worker has pointed the browser at the German ones, hide their frame until React renders it in German', async ({
    extension,
  }) => {
    const { page } = await openWith(extension, 'popup', (page) => page.addInitScript(watchFrames, GERMAN));
    await expect(page.getByRole('button', { name: 'Bild erzeugen' })).toBeVisible();
    const frames = await framesOf(page);
    expect(frames.atParse.text).toContain('Generate image');
    expect(frames.atParse.hidden).toBe(true);
    await expect(page.locator('#root')).toBeVisible();
  });
});
