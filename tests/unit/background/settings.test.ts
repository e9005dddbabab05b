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
    });
  });

  it('turns garbage into defaults rather than failing', () => {
    expect(repairSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(repairSettings('corrupt')).toEqual(DEFAULT_SETTINGS);
    expect(repairSettings({ videoDefaults: { duration: 'long' } })).toEqual(DEFAULT_SETTINGS);
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
