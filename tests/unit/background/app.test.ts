// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { MENU_IMAGE, MENU_VIDEO } from '../../../utils/background/app';
import { NO_KEY } from '../../../utils/background/stored-key';
import { DEFAULT_SETTINGS } from '../../../utils/settings/defaults';
import type { Settings } from '../../../utils/settings/schema';
import { DEMO_API_KEY } from '../../reference-service/server';
import { makeBackgroundApp } from '../support/background-app';
import { referenceServiceForFile } from '../support/reference-service';

const service = referenceServiceForFile({ videoDurationMs: 200 });

function makeApp(settings: Partial<Settings> = {}, key = DEMO_API_KEY, reachable = true) {
  return makeBackgroundApp(service, settings, key, reachable);
}

describe('background app', () => {
  it('generates an image, records it, and refreshes the balance', async () => {
    const { app, items } = makeApp();
    const entry = await app.handlers.generateImage({ type: 'generateImage', prompt: '  a blue teapot ' });
    expect(entry).toMatchObject({ kind: 'image', status: 'completed', prompt: 'a blue teapot' });
    expect(entry.urls[0]).toMatch(new RegExp(`^${service.url}/files/images/`));
    expect(items.history.value.map((e) => e.id)).toEqual([entry.id]);
    await expect.poll(() => items.balance.value.balance?.value).toBe(999);
  });

  it('records a refused image with the balance the person has', async () => {
    service.configure({ accounts: { [DEMO_API_KEY]: 0 } });
    const { app, items } = makeApp();
    const result = app.handlers.generateImage({ type: 'generateImage', prompt: 'a castle' });
    await expect(result).rejects.toMatchObject({ info: { kind: 'insufficient_credits', balance: 0 } });
    expect(items.history.value[0]).toMatchObject({
      status: 'failed',
      error: { kind: 'insufficient_credits' },
    });
  });

  it('refuses before any request when the prompt is empty or too long', async () => {
    const { app, items } = makeApp();
    await expect(app.handlers.generateImage({ type: 'generateImage', prompt: '   ' })).rejects.toMatchObject({
      info: { kind: 'invalid_input' },
    });
    await expect(
      app.handlers.submitVideo({
        type: 'submitVideo',
        prompt: 'x'.repeat(20_000),
        options: DEFAULT_SETTINGS.videoDefaults,
      }),
    ).rejects.toMatchObject({ info: { kind: 'invalid_input', message: expect.stringContaining('20000') } });
    expect(service.requests()).toHaveLength(0);
    expect(items.history.value).toHaveLength(0);
  });

  it('refuses to call a service origin it has no permission for', async () => {
    const { app } = makeApp({}, DEMO_API_KEY, false);
    await expect(app.handlers.refreshBalance({ type: 'refreshBalance' })).rejects.toMatchObject({
      info: { kind: 'no_permission' },
    });
    expect(service.requests()).toHaveLength(0);
  });

  it('submits a video, then the tracker completes it and notifies', async () => {
    const { app, items, notifications } = makeApp();
    const entry = await app.handlers.submitVideo({
      type: 'submitVideo',
      prompt: 'waves',
      options: DEFAULT_SETTINGS.videoDefaults,
    });
    expect(entry.poll?.jobId).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await app.tracker.tick();
    expect(items.history.value[0]).toMatchObject({ status: 'completed' });
    expect(notifications.map((n) => n.id)).toContain(`open:${entry.id}`);
  });

  it('context menu: no setup opens the options; a long selection is refused with a message', async () => {
    const unset = makeApp({ baseUrl: '' }, '');
    await unset.app.onMenuClick(MENU_VIDEO, 'a cat');
    expect(unset.optionsOpened).toBe(1);
    expect(unset.notifications[0]?.title).toBe('notifySetupTitle');

    const set = makeApp();
    await set.app.onMenuClick(MENU_IMAGE, 'y'.repeat(20_000));
    expect(set.notifications[0]?.message).toContain('20000');
    expect(service.requests()).toHaveLength(0);
  });

  it('saves settings without ever returning the key, and clears the balance of the old account', async () => {
    const { app, items } = makeApp();
    items.balance.value = {
      balance: { value: 5, fetchedAt: 1 },
      account: { origin: new URL(service.url).origin, keyId: items.apiKey.value.id },
    };
    expect((await app.handlers.getState({ type: 'getState' })).balance?.value).toBe(5);
    const state = await app.handlers.saveSettings({
      type: 'saveSettings',
      settings: { ...items.settings.value },
      apiKey: 'new-secret-key-9876',
    });
    expect(state.key).toEqual({ set: true, origin: new URL(service.url).origin, last4: '9876' });
    expect(JSON.stringify(state)).not.toContain('new-secret');
    expect(items.apiKey.value.key).toBe('new-secret-key-9876');
    expect(state.balance).toBeNull();
    const removed = await app.handlers.removeApiKey({ type: 'removeApiKey' });
    expect(removed.key).toEqual({ set: false });
  });

  it('tests a connection with a typed key without saving it', async () => {
    const { app, items } = makeApp({}, '');
    expect(
      await app.handlers.testConnection({
        type: 'testConnection',
        baseUrl: service.url,
        apiKey: DEMO_API_KEY,
      }),
    ).toEqual({
      balance: 1000,
    });
    expect(items.apiKey.value).toEqual(NO_KEY);
    await expect(
      app.handlers.testConnection({ type: 'testConnection', baseUrl: service.url, apiKey: 'wrong-key' }),
    ).rejects.toMatchObject({ kind: 'unauthorized' });
  });

  it('opens the finished video when its notification is clicked', async () => {
    const { app, items, opened } = makeApp();
    items.history.value = [
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
    ];
    await app.onNotificationClick('open:v1');
    await app.onNotificationClick('history:done-1');
    expect(opened).toEqual(['https://cdn.example/v.webm', 'ext://history.html']);
  });
});
