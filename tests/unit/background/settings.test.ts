import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEFAULT_SETTINGS } from '../../../utils/settings/defaults';
import { repairSettings } from '../../../utils/settings/repair';
import { settingsSchema } from '../../../utils/settings/schema';

beforeEach(() => fakeBrowser.reset());

describe('settings validation', () => {
  const valid = (patch: Record<string, unknown>) =>
    settingsSchema.safeParse({ ...DEFAULT_SETTINGS, ...patch });

  it('accepts https anywhere and http only on loopback, normalising the URL', () => {
    expect(valid({ baseUrl: 'https://api.example.com/' }).data?.baseUrl).toBe('https://api.example.com');
    expect(valid({ baseUrl: 'https://api.example.com/gen/v/' }).data?.baseUrl).toBe(
      'https://api.example.com/gen/v',
    );
    expect(valid({ baseUrl: 'http://127.0.0.1:8787' }).success).toBe(true);
    expect(valid({ baseUrl: 'http://localhost:3000' }).success).toBe(true);
    expect(valid({ baseUrl: 'http://[::1]:3000' }).success).toBe(true);
    expect(valid({ baseUrl: '' }).success).toBe(true);
  });

  it('refuses plain http elsewhere and non-web URLs with a clear message', () => {
    const insecure = valid({ baseUrl: 'http://api.example.com' });
    expect(insecure.success).toBe(false);
    expect(insecure.error?.issues.map((i) => i.message).join(' ')).toContain('https');
    for (const baseUrl of [
      'ftp://x.example',
      'javascript:alert(1)',
      'not a url',
      'https://u:p@x.example',
      'https://x.example/?k=1',
    ]) {
      expect(valid({ baseUrl }).success, baseUrl).toBe(false);
    }
  });

  it('checks video defaults, model field and intervals', () => {
    expect(valid({ videoDefaults: { ...DEFAULT_SETTINGS.videoDefaults, duration: 0 } }).success).toBe(false);
    expect(valid({ videoDefaults: { ...DEFAULT_SETTINGS.videoDefaults, resolution: 'HD' } }).success).toBe(
      false,
    );
    expect(valid({ videoDefaults: { ...DEFAULT_SETTINGS.videoDefaults, aspectRatio: '16/9' } }).success).toBe(
      false,
    );
    expect(valid({ modelField: 'model id' }).success).toBe(false);
    expect(valid({ modelField: 'model_id' }).success).toBe(true);
    expect(valid({ pollIntervalSec: 0 }).success).toBe(false);
    expect(valid({ jobTimeoutMin: 1.5 }).success).toBe(false);
  });
});

describe('settings repair (the migration of stored settings)', () => {
  it('keeps valid stored settings as they are', () => {
    const stored = { ...DEFAULT_SETTINGS, baseUrl: 'https://a.example', modelId: 'm-1', pollIntervalSec: 9 };
    expect(repairSettings(stored)).toEqual(stored);
  });

  it('fills fields an older version did not store and replaces invalid ones, keeping the rest', () => {
    const olderShape = { baseUrl: 'https://a.example', modelId: 'm-2', pollIntervalSec: -3 };
    expect(repairSettings(olderShape)).toEqual({
      ...DEFAULT_SETTINGS,
      baseUrl: 'https://a.example',
      modelId: 'm-2',
      // An opt-in a new install has on stays off for settings stored before it.
      promptInFiles: false,
    });
  });

  it('settings saved before copies were kept gain keeping on and the 1 GB cap, the rest unchanged', async () => {
    // Exactly what the version before keeping copies stored.
    const beforeCopies = {
      baseUrl: 'http://127.0.0.1:8787',
      modelId: 'm-1',
      modelField: 'model',
      videoDefaults: { duration: 8, resolution: '1080p', aspectRatio: '9:16', generateAudio: true },
      pollIntervalSec: 3,
      jobTimeoutMin: 20,
      requestTimeoutSec: 15,
    };
    await fakeBrowser.storage.local.set({ settings: beforeCopies });
    const { validSettingsItem: settingsItem } = await import('../../../utils/settings/store');
    const settings = await settingsItem.getValue();
    expect(settings).toEqual({
      ...beforeCopies,
      keepCopies: true,
      copyCapMb: 1024,
      reviewSelection: false,
      imageTimeoutSec: 300,
      // Settings #24 added: the cap only offers a trim, and there is no drop rule until the person sets one.
      historyLimit: 10_000,
      historyDropAfterDays: 0,
      // Settings #25 added: the prompt is written into files only once the person asks, names as before.
      promptInFiles: false,
      fileNameTemplate: 'promptcast-{date}-{prompt}-{n}',
      // Settings #26 added: the form asks above ten prompts, and there are no budgets until set.
      confirmBatchAbove: 10,
      dailyBudget: 0,
      monthlyBudget: 0,
      lowBalanceBelow: 0,
    });
    await settingsItem.setValue({ ...settings, keepCopies: false, copyCapMb: 60 });
    expect(await settingsItem.getValue()).toMatchObject({ keepCopies: false, copyCapMb: 60 });
    // A cap outside the limits is refused on write and repaired to the default on read.
    await expect(settingsItem.setValue({ ...settings, copyCapMb: 1 })).rejects.toThrow();
    await fakeBrowser.storage.local.set({ settings: { ...beforeCopies, keepCopies: 'yes', copyCapMb: 0 } });
    expect(await settingsItem.getValue()).toMatchObject({ keepCopies: true, copyCapMb: 1024 });
  });

  it('settings stored before the review setting gain it switched off; a damaged one is repaired to off', async () => {
    const { validSettingsItem: settingsItem } = await import('../../../utils/settings/store');
    const { reviewSelection: _, ...before } = { ...DEFAULT_SETTINGS, baseUrl: 'http://127.0.0.1:8787' };
    await fakeBrowser.storage.local.set({ settings: before });
    expect(await settingsItem.getValue()).toEqual({ ...before, reviewSelection: false });
    await settingsItem.setValue({ ...before, reviewSelection: true });
    expect(await settingsItem.getValue()).toMatchObject({ reviewSelection: true });
    await fakeBrowser.storage.local.set({ settings: { ...before, reviewSelection: 'yes' } });
    expect(await settingsItem.getValue()).toEqual({ ...before, reviewSelection: false });
  });

  it('settings stored before images had their own time-out gain 5 min, keeping the request time-out', async () => {
    const { validSettingsItem: settingsItem } = await import('../../../utils/settings/store');
    const { imageTimeoutSec: _, ...before } = {
      ...DEFAULT_SETTINGS,
      baseUrl: 'http://127.0.0.1:8787',
      requestTimeoutSec: 12,
      keepCopies: false,
    };
    await fakeBrowser.storage.local.set({ settings: before });
    expect(await settingsItem.getValue()).toEqual({ ...before, imageTimeoutSec: 300 });
    await settingsItem.setValue({ ...before, imageTimeoutSec: 900 });
    expect(await settingsItem.getValue()).toMatchObject({ imageTimeoutSec: 900, requestTimeoutSec: 12 });
    // Out of its limits (or not a number) it is refused on write and repaired to the default on read.
    await expect(settingsItem.setValue({ ...before, imageTimeoutSec: 1 })).rejects.toThrow();
    await fakeBrowser.storage.local.set({ settings: { ...before, imageTimeoutSec: '300' } });
    expect(await settingsItem.getValue()).toEqual({ ...before, imageTimeoutSec: 300 });
  });

  it('turns garbage into defaults rather than failing', () => {
    expect(repairSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(repairSettings('corrupt')).toEqual(DEFAULT_SETTINGS);
    expect(repairSettings({ videoDefaults: { duration: 'long' } })).toEqual({
      ...DEFAULT_SETTINGS,
      promptInFiles: false,
    });
  });

  it('repairs settings stored by an older version when the store is read', async () => {
    await fakeBrowser.storage.local.set({
      settings: { baseUrl: 'http://127.0.0.1:9', modelField: 'bad field' },
    });
    const { validSettingsItem: settingsItem } = await import('../../../utils/settings/store');
    const settings = await settingsItem.getValue();
    expect(settings.baseUrl).toBe('http://127.0.0.1:9');
    expect(settings.modelField).toBe('model');
    await expect(settingsItem.setValue({ ...settings, baseUrl: 'http://evil.example' })).rejects.toThrow();
  });
});
