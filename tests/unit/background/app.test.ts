// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { MENU_IMAGE, MENU_VIDEO } from '../../../utils/context-menu/background/context-menu';
import type { HistoryEntry } from '../../../utils/history/schema';
import { NO_KEY } from '../../../utils/keys/background/stored-key';
import { groupKey } from '../../../utils/notifications/background/notifications';
import { FIRST_PROFILE_ID } from '../../../utils/profiles/first-profile';
import { DEFAULT_SETTINGS } from '../../../utils/settings/defaults';
import type { Settings } from '../../../utils/settings/schema';
import { DEMO_API_KEY } from '../../reference-service/server';
import { makeBackgroundApp, openedTabs, pollAlarmTime, startWorker } from '../support/background-app';
import { failingHistoryWrites, recordHistoryWrites } from '../support/history-db';
import { referenceServiceForFile } from '../support/reference-service';

const service = referenceServiceForFile({ videoDurationMs: 200 });

function makeApp(settings: Partial<Settings> = {}, key = DEMO_API_KEY, reachable = true) {
  return makeBackgroundApp(service, settings, key, reachable);
}

describe('background app', () => {
  it('generates an image, records it, and refreshes the balance', async () => {
    const { app, items } = await makeApp();
    const entry = await app.handlers.generateImage({ type: 'generateImage', prompt: '  a blue teapot ' });
    expect(entry).toMatchObject({ kind: 'image', status: 'completed', prompt: 'a blue teapot' });
    expect(entry.urls[0]).toMatch(new RegExp(`^${service.url}/files/images/`));
    expect((await items.history.getValue()).map((e) => e.id)).toEqual([entry.id]);
    await expect.poll(async () => (await items.balance.getValue()).balance?.value).toBe(999);
  });

  it('arms the alarm that settles an image in flight after the image time-out, not the request one', async () => {
    service.configure({ faults: [{ pathPrefix: '/v1/images/', action: { type: 'latency', ms: 500 } }] });
    const { app, items } = await makeApp({ requestTimeoutSec: 10, imageTimeoutSec: 120 });
    const answer = app.handlers.generateImage({ type: 'generateImage', prompt: 'a slow teapot' });
    await expect.poll(async () => (await items.history.getValue()).length).toBe(1);
    const [running] = await items.history.getValue();
    // The image time-out, a request's time for the other path form after a 404, and a margin.
    await expect.poll(pollAlarmTime).toBe((running?.createdAt ?? 0) + 120_000 + 10_000 + 5_000);
    await answer;
    expect(await pollAlarmTime()).toBeUndefined();
  });

  it('records a refused image with the balance the person has', async () => {
    service.configure({ accounts: { [DEMO_API_KEY]: 0 } });
    const { app, items } = await makeApp();
    const result = app.handlers.generateImage({ type: 'generateImage', prompt: 'a castle' });
    await expect(result).rejects.toMatchObject({ info: { kind: 'insufficient_credits', balance: 0 } });
    expect((await items.history.getValue())[0]).toMatchObject({
      status: 'failed',
      error: { kind: 'insufficient_credits' },
    });
  });

  it('refuses before any request when the prompt is empty or too long', async () => {
    const { app, items } = await makeApp();
    await expect(app.handlers.generateImage({ type: 'generateImage', prompt: '   ' })).rejects.toMatchObject({
      info: { kind: 'invalid_input' },
    });
    await expect(
      app.handlers.submitVideo({
        type: 'submitVideo',
        prompt: 'x'.repeat(20_000),
        options: DEFAULT_SETTINGS.videoDefaults,
      }),
    ).rejects.toMatchObject({ info: { kind: 'invalid_input', message: expect.stringContaining('20,000') } });
    expect(service.requests()).toHaveLength(0);
    expect(await items.history.getValue()).toHaveLength(0);
  });

  it('refuses to call a service origin it has no permission for', async () => {
    const { app } = await makeApp({}, DEMO_API_KEY, false);
    await expect(app.handlers.refreshBalance({ type: 'refreshBalance' })).rejects.toMatchObject({
      info: { kind: 'no_permission' },
    });
    expect(service.requests()).toHaveLength(0);
  });

  it('submits a video, then the tracker completes it and notifies', async () => {
    const { app, items, notifications } = await makeApp();
    const entry = await app.handlers.submitVideo({
      type: 'submitVideo',
      prompt: 'waves',
      options: DEFAULT_SETTINGS.videoDefaults,
    });
    expect(entry.poll?.jobId).toBeTruthy();
    // While it runs, the toolbar counts it and an alarm will wake a stopped worker to poll it.
    await expect.poll(() => fakeBrowser.action.getBadgeText({})).toBe('1');
    expect(await pollAlarmTime()).toBeGreaterThan(Date.now());
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await app.tracker.tick();
    expect((await items.history.getValue())[0]).toMatchObject({ status: 'completed' });
    expect(notifications.map((n) => n.id)).toContain(`open:${entry.id}`);
    expect(await fakeBrowser.action.getBadgeText({})).toBe('');
    expect(await pollAlarmTime()).toBeUndefined();
  });

  it('context menu: no setup opens the options; a long selection is refused with a message', async () => {
    const unset = await makeApp({ baseUrl: '' }, '');
    await unset.app.onMenuClick(MENU_VIDEO, 'a cat');
    expect(unset.optionsOpened).toBe(1);
    expect(unset.notifications[0]?.title).toBe('Set up Promptcast');

    const set = await makeApp();
    await set.app.onMenuClick(MENU_IMAGE, 'y'.repeat(20_000));
    expect(set.notifications[0]?.message).toContain('20,000');
    expect(service.requests()).toHaveLength(0);
  });

  it('saves settings without ever returning the key, and clears the balance of the old account', async () => {
    const { app, items } = await makeApp();
    await items.balance.setValue({
      balance: { value: 5, fetchedAt: 1 },
      account: { origin: new URL(service.url).origin, keyId: (await items.apiKey.getValue()).id },
    });
    const answer = await app.handlers.saveSettings({
      type: 'saveSettings',
      settings: await items.settings.getValue(),
      apiKey: 'new-secret-key-9876',
    });
    expect(answer).toEqual({ saved: true });
    expect(await items.keyStatus.getValue()).toEqual({
      set: true,
      origin: new URL(service.url).origin,
      last4: '9876',
      origins: { [FIRST_PROFILE_ID]: new URL(service.url).origin },
    });
    expect(JSON.stringify(await fakeBrowser.storage.local.get(['keyStatus', 'balance']))).not.toContain(
      'new-secret',
    );
    expect((await items.apiKey.getValue()).key).toBe('new-secret-key-9876');
    expect(await items.balance.getValue()).toEqual({ balance: null });
    await app.handlers.removeApiKey({ type: 'removeApiKey' });
    expect(await items.keyStatus.getValue()).toEqual({ set: false });
  });

  it('tests a connection with a typed key without saving it', async () => {
    const { app, items } = await makeApp({}, '');
    expect(
      await app.handlers.testConnection({
        type: 'testConnection',
        baseUrl: service.url,
        apiKey: DEMO_API_KEY,
      }),
    ).toEqual({
      balance: 1000,
    });
    expect(await items.apiKey.getValue()).toEqual(NO_KEY);
    await expect(
      app.handlers.testConnection({ type: 'testConnection', baseUrl: service.url, apiKey: 'wrong-key' }),
    ).rejects.toMatchObject({ info: { kind: 'unauthorized' } });
  });

  it('opens the finished video when its notification is clicked', async () => {
    const { app, items } = await makeApp();
    await items.history.setValue([
      {
        id: 'v1',
        kind: 'video',
        prompt: 'p',
        model: '',
        source: 'popup',
        status: 'completed',
        urls: ['https://cdn.example/v.webm'],
        createdAt: 1,
      },
    ]);
    await app.onNotificationClick('open:v1');
    await app.onNotificationClick('history:done-1');
    expect(await openedTabs()).toEqual([
      'https://cdn.example/v.webm',
      'chrome-extension://test-extension-id/history.html',
    ]);
  });
});

describe('notifications owed for every outcome', () => {
  it('a finished image with the popup closed is stored as owed in the write that finishes it, then told once', async () => {
    const { app, items, notifications, popup } = await makeApp();
    popup.open = false;
    const writes = recordHistoryWrites();
    const entry = await app.handlers.generateImage({ type: 'generateImage', prompt: 'a red kite' });
    const finishing = writes.find((list) => list[0]?.status === 'completed');
    expect(finishing?.[0]).toMatchObject({ id: entry.id, status: 'completed', notifyPending: true });
    expect(notifications.map((n) => n.id)).toEqual([`open:${entry.id}`]);
    expect((await items.history.getValue())[0]?.notifyPending).toBeUndefined();
  });

  it('a worker stopped between finishing an image and notifying leaves it to the next worker, told once', async () => {
    const first = await makeApp();
    first.popup.open = false;
    first.stall.notify = true;
    void first.app.handlers.generateImage({ type: 'generateImage', prompt: 'a lighthouse' });
    await expect.poll(async () => (await first.items.history.getValue())[0]?.status).toBe('completed');
    expect(first.notifications).toEqual([]);

    const next = startWorker();
    await next.app.resume();
    const id = (await first.items.history.getValue())[0]?.id;
    expect(next.notifications.map((n) => n.id)).toEqual([`open:${id}`]);
    await next.app.resume();
    expect(next.notifications).toHaveLength(1);
  });

  it('an image from an open popup is shown there, not notified', async () => {
    const { app, notifications, items } = await makeApp();
    await app.handlers.generateImage({ type: 'generateImage', prompt: 'a quiet pond' });
    expect(notifications).toEqual([]);
    expect((await items.history.getValue())[0]?.notifyPending).toBeUndefined();
  });

  it('a video refused at submission after the popup closed is notified', async () => {
    service.configure({ accounts: { [DEMO_API_KEY]: 0 } });
    const { app, items, notifications, popup } = await makeApp();
    popup.open = false;
    await expect(
      app.handlers.submitVideo({
        type: 'submitVideo',
        prompt: 'a storm',
        options: DEFAULT_SETTINGS.videoDefaults,
      }),
    ).rejects.toMatchObject({ info: { kind: 'insufficient_credits' } });
    const id = (await items.history.getValue())[0]?.id;
    expect(notifications.map((n) => n.id)).toEqual([`history:failed-${id}`]);
  });

  it('a context-menu failure before any entry existed becomes a failed entry, owed and notified', async () => {
    const { app, items, notifications } = await makeApp({}, DEMO_API_KEY, false);
    const writes = recordHistoryWrites();
    await app.onMenuClick(MENU_IMAGE, 'a paper boat');
    expect(writes[0]?.[0]).toMatchObject({
      status: 'failed',
      prompt: 'a paper boat',
      source: 'context-menu',
      error: { kind: 'no_permission' },
      notifyPending: true,
    });
    expect(notifications.map((n) => n.id)).toEqual([`history:failed-${writes[0]?.[0]?.id}`]);
    expect(notifications[0]?.message).toMatch(/a paper boat/);
    expect((await items.history.getValue())[0]?.notifyPending).toBeUndefined();
    expect(service.requests()).toHaveLength(0);
  });

  it('names a group of outcomes after all its entries, whatever their order', () => {
    const entry = (id: string) => ({ id }) as HistoryEntry;
    expect(groupKey([entry('a'), entry('b')])).toBe(groupKey([entry('b'), entry('a')]));
    expect(groupKey([entry('a'), entry('b')])).not.toBe(groupKey([entry('a'), entry('c')]));
    expect(groupKey([entry('a')])).not.toBe(groupKey([entry('a'), entry('b')]));
  });
});

describe('a full storage', () => {
  it('an image that cannot be stored is refused with the storage message and leaves nothing running', async () => {
    const { app, items } = await makeApp();
    failingHistoryWrites()(new Error('Resource::kQuotaBytes quota exceeded'));
    await expect(
      app.handlers.generateImage({ type: 'generateImage', prompt: 'a fox' }),
    ).rejects.toMatchObject({
      info: { kind: 'storage_full' },
    });
    expect(await items.history.getValue()).toEqual([]);
    expect(service.requests().filter((r) => r.path.includes('/images/'))).toHaveLength(0);
  });
});
