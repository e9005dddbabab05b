/**
 * The core flows in Firefox (firefox-esr over WebDriver BiDi, the add-on installed as a temporary add-on)
 * against the reference service on `http://127.0.0.1:<port>`, driven through the pages as a person would.
 */
import { describe, expect, it } from 'vitest';
import { FIRST_PROFILE_ID } from '../../utils/profiles/first-profile';
import { DEMO_API_KEY } from '../reference-service/server';
import { AddonState, OptionsPage, PopupPage } from './support/pages';
import { TestBed } from './support/test-bed';

const MENU_IMAGE = 'promptcast-image-from-selection';
/** The key's own storage slot (utils/keys/background/api-key.ts): the one place it may be. */
const KEY_SLOT = 'serviceApiKey';

const bed = TestBed.forEachTest();

function setUp(): Promise<OptionsPage> {
  return OptionsPage.setUp(bed.firefox, bed.service.url, DEMO_API_KEY);
}

/** Fails with the places that hold the key: page markup or localStorage, any storage slot but its own, the history. */
async function expectNoKeyOutsideItsSlot(pages: { readable(): Promise<string> }[], state: AddonState) {
  for (const page of pages) expect(await page.readable()).not.toContain(DEMO_API_KEY);
  const stored = await state.storedValues();
  expect((stored[KEY_SLOT] as Record<string, { key?: unknown }> | undefined)?.[FIRST_PROFILE_ID]?.key).toBe(
    DEMO_API_KEY,
  );
  const elsewhere = Object.entries(stored).filter(
    ([name, value]) => name !== KEY_SLOT && JSON.stringify(value).includes(DEMO_API_KEY),
  );
  expect(elsewhere.map(([name]) => name)).toEqual([]);
  // The history lives in IndexedDB, out of storage.local's sight.
  expect(JSON.stringify(await state.history())).not.toContain(DEMO_API_KEY);
}

describe('Promptcast in Firefox', () => {
  it('sets up a service whose URL carries a port: Test connection, then Save', async () => {
    expect(bed.service.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const options = await OptionsPage.open(bed.firefox);
    await options.enterService(bed.service.url, DEMO_API_KEY);
    await options.testConnection();
    // Firefox matched no permission for a pattern with a port, so this said "not allowed to reach".
    await options.outcome('Connected: 1,000 credits');
    await options.save();
    await options.outcome('Saved.');
    // The demo key is shorter than 16 characters, so its last 4 are not shown.
    await options.textOf('span', /^Set$/);

    const balanceChecks = bed.service.requests().filter((entry) => entry.path === '/v1/tokens/balance');
    expect(balanceChecks.length).toBeGreaterThan(0);
    expect(balanceChecks.every((entry) => entry.headers['x-api-key'] === DEMO_API_KEY)).toBe(true);
    await expectNoKeyOutsideItsSlot([options], await AddonState.open(bed.firefox));
  });

  it('asks Firefox for a non-loopback service origin with a port, and uses the access granted', async () => {
    const options = await OptionsPage.open(bed.firefox);
    // Nothing listens there: Save only asks for access and stores the settings.
    await options.enterService('https://127.0.0.2:8443', DEMO_API_KEY);
    await options.save();
    // Firefox refused `https://127.0.0.2:8443/*` as a pattern, so the request failed before any prompt.
    await options.outcome('Saved.');
    const state = await AddonState.open(bed.firefox);
    expect(await state.grantedOrigins()).toContain('https://127.0.0.2/*');
  });

  it('shows the balance, renders a generated image, and keeps the key out of every page', async () => {
    const options = await setUp();
    const popup = await PopupPage.open(bed.firefox);
    await popup.balance(/^1,000 credits/);

    await popup.generateImage('a lighthouse at dusk, oil painting');
    const image = await popup.renderedResultImage();
    // The service's file, or the copy the extension kept of it.
    expect(image.src.startsWith(bed.service.url) || image.src.startsWith('blob:moz-extension://')).toBe(true);
    expect(image.width).toBeGreaterThan(0);
    await popup.balance(/^999 credits/);

    await expectNoKeyOutsideItsSlot([options, popup], await AddonState.open(bed.firefox));
  });

  it('polls a submitted video to completion and notifies the person', async () => {
    await setUp();
    const state = await AddonState.open(bed.firefox);
    await state.recordNotifications();
    const popup = await PopupPage.open(bed.firefox);
    const prompt = 'waves breaking on a rocky shore';
    await popup.generateVideo(prompt);
    await popup.textOf('[role="status"]', 'Video submitted. It keeps generating when you close this window.');

    await popup.job(prompt, 'completed');
    const [note] = await state.notifications();
    expect(note).toMatchObject({ title: 'Video ready', message: `“${prompt}”` });
    const entry = (await state.history()).find((item) => item.prompt === prompt);
    expect(entry?.urls[0]?.startsWith(bed.service.url)).toBe(true);
  });

  it('shows a video the service failed with the reason, in the popup and a notification', async () => {
    await setUp();
    const state = await AddonState.open(bed.firefox);
    await state.recordNotifications();
    const popup = await PopupPage.open(bed.firefox);
    const prompt = 'a storm at sea [fail]';
    await popup.generateVideo(prompt);

    const text = await popup.job(prompt, 'failed');
    expect(text).toContain('Failed: The service could not generate the video.');
    const [note] = await state.notifications();
    expect(note?.title).toBe('Video failed');
    expect(note?.message).toContain('The service could not generate the video.');
  });

  it('generates an image from a context-menu selection (through the e2e build’s test-only path)', async () => {
    await setUp();
    const state = await AddonState.open(bed.firefox);
    await state.recordNotifications();
    const selection = 'a red fox in fresh snow';
    await state.clickContextMenu(MENU_IMAGE, selection);

    const entry = await state.waitForEntry(selection, (item) => item.status !== 'running');
    expect(entry).toMatchObject({ status: 'completed', source: 'context-menu' });
    const [note] = await state.notifications();
    expect(note).toMatchObject({ title: 'Image ready' });
  });

  it('waits for an image the service answers after 45 s (image time-out set in the options), popup closed at once: completed, notified', async () => {
    bed.service.configure({
      faults: [{ method: 'POST', pathPrefix: '/v1/images/', action: { type: 'latency', ms: 45_000 } }],
    });
    // Set as a person would who expects slow images: in the options' advanced settings.
    const options = await OptionsPage.open(bed.firefox);
    await options.enterService(bed.service.url, DEMO_API_KEY);
    await options.openAdvanced();
    await options.fill('Image time-out (seconds)', '120');
    await options.save();
    await options.outcome('Saved.');
    const state = await AddonState.open(bed.firefox);
    expect((await state.storedValues()).settings).toMatchObject({
      imageTimeoutSec: 120,
      requestTimeoutSec: 30,
    });
    await state.recordNotifications();
    const popup = await PopupPage.open(bed.firefox);
    const prompt = 'a lighthouse keeper reading by lamplight';
    await popup.generateImage(prompt);
    await popup.textOf('[role="status"]', /^Generating image/);
    await popup.page.close();

    const entry = await state.waitForEntry(prompt, (item) => item.status !== 'running', 75_000);
    expect(entry).toMatchObject({ status: 'completed', kind: 'image' });
    expect(entry.urls[0]?.startsWith(bed.service.url)).toBe(true);
    const [note] = await state.notifications();
    expect(note).toMatchObject({ title: 'Image ready', message: `“${prompt}”` });
    // One request, answered: nothing was given up on and asked again.
    const images = bed.service.requests().filter((request) => request.path === '/v1/images/generate');
    expect(images.map((request) => request.status)).toEqual([200]);
  }, 120_000);

  it('finishes a video that was still pending when Firefox was restarted', async () => {
    bed.service.configure({ videoDurationMs: 8_000 });
    await setUp();
    const popup = await PopupPage.open(bed.firefox);
    const prompt = 'a slow sunrise over the desert';
    await popup.generateVideo(prompt);
    await popup.job(prompt, 'running');
    const state = await AddonState.open(bed.firefox);
    const pending = await state.waitForEntry(prompt, (item) => item.poll?.jobId !== undefined);
    expect(bed.service.jobs().find((job) => job.id === pending.poll?.jobId)?.status).not.toBe('completed');
    // The job's polls wait until the restarted add-on is watched: on a busy machine the job may be done by
    // the time Firefox is back, and its notification would go before a recorder could see it.
    bed.service.configure({
      faults: [{ method: 'GET', pathPrefix: `/v1/videos/${pending.poll?.jobId}`, action: { type: 'hold' } }],
    });

    await bed.firefox.restart();

    const after = await AddonState.open(bed.firefox);
    await after.recordNotifications();
    bed.service.configure({ faults: [] });
    bed.service.release();
    const done = await after.waitForEntry(prompt, (item) => item.status !== 'running');
    expect(done).toMatchObject({ id: pending.id, status: 'completed' });
    expect((await after.notifications())[0]).toMatchObject({ title: 'Video ready' });
    const reopened = await PopupPage.open(bed.firefox);
    await reopened.balance(/credits/);
  });
});
