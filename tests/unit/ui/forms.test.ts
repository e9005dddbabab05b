import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEFAULT_SETTINGS } from '@/utils/settings/defaults';
import { fromForm, type SettingsForm, toForm } from '@/utils/settings/page/settings-form';
import {
  aspectRatioLabel,
  fromDraft,
  parseDuration,
  toDraft,
  withCurrent,
} from '@/utils/settings/video-options';
import { chromeGetMessage, readMessages } from './locales';

const base = (): SettingsForm => toForm({ ...DEFAULT_SETTINGS, baseUrl: 'https://api.example.com' });

describe('settings form', () => {
  it('round-trips valid settings', () => {
    const settings = {
      ...DEFAULT_SETTINGS,
      baseUrl: 'https://api.example.com',
      modelId: 'm-1',
      pollIntervalSec: 7,
      imageTimeoutSec: 600,
    };
    expect(fromForm(toForm(settings))).toEqual({ settings });
  });

  it('trims text and accepts an empty service URL (not set up)', () => {
    const result = fromForm({ ...base(), baseUrl: '  ', modelId: ' m ', modelField: ' model ' });
    expect(result).toEqual({
      settings: expect.objectContaining({ baseUrl: '', modelId: 'm', modelField: 'model' }),
    });
  });

  it('reports every problem by field', () => {
    const result = fromForm({
      ...base(),
      baseUrl: 'http://api.example.com',
      modelField: 'not valid',
      video: { ...base().video, duration: '0' },
      pollIntervalSec: '0',
      jobTimeoutMin: '2000',
      requestTimeoutSec: '1.5',
      imageTimeoutSec: '3601',
      historyLimit: '99',
      historyDropAfterDays: '-1',
    });
    expect(result).toEqual({
      problems: {
        baseUrl: { code: 'base_url_insecure' },
        modelField: { code: 'model_field_invalid' },
        duration: { code: 'duration_invalid', min: 1, max: 60 },
        pollIntervalSec: { code: 'number_range', min: 1, max: 600 },
        jobTimeoutMin: { code: 'number_range', min: 1, max: 1440 },
        requestTimeoutSec: { code: 'number_range', min: 2, max: 300 },
        imageTimeoutSec: { code: 'number_range', min: 2, max: 1800 },
        historyLimit: { code: 'number_range', min: 100, max: 50_000 },
        historyDropAfterDays: { code: 'number_range', min: 0, max: 3650 },
      },
    });
  });

  it('treats an emptied number field as a problem, not as zero', () => {
    expect(fromForm({ ...base(), pollIntervalSec: '' })).toEqual({
      problems: { pollIntervalSec: { code: 'number_range', min: 1, max: 600 } },
    });
  });

  it('allows plain http for loopback services only', () => {
    expect('settings' in fromForm({ ...base(), baseUrl: 'http://127.0.0.1:8787' })).toBe(true);
    expect('settings' in fromForm({ ...base(), baseUrl: 'http://localhost:8787/api' })).toBe(true);
    expect(fromForm({ ...base(), baseUrl: 'ftp://x' })).toEqual({
      problems: { baseUrl: { code: 'base_url_invalid' } },
    });
  });
});

describe('video options draft', () => {
  it('parses the typed duration', () => {
    expect(parseDuration(' 12 ')).toBe(12);
    expect(parseDuration('')).toBeNaN();
    expect(fromDraft(toDraft(DEFAULT_SETTINGS.videoDefaults))).toEqual({
      options: DEFAULT_SETTINGS.videoDefaults,
    });
  });

  it('rejects a duration that is not a whole number in range', () => {
    for (const duration of ['', '0', '61', '2.5', 'abc']) {
      expect(fromDraft({ ...toDraft(DEFAULT_SETTINGS.videoDefaults), duration }), duration).toEqual({
        problem: { code: 'duration_invalid', min: 1, max: 60 },
      });
    }
  });

  it('offers the standard choices plus a different stored value', () => {
    expect(withCurrent(['480p', '720p'], '720p')).toEqual(['480p', '720p']);
    expect(withCurrent(['480p', '720p'], '1440p')).toEqual(['480p', '720p', '1440p']);
  });

  it('names aspect ratios by their shape', () => {
    vi.spyOn(fakeBrowser.i18n, 'getMessage').mockImplementation(
      chromeGetMessage(readMessages('en')) as typeof fakeBrowser.i18n.getMessage,
    );
    vi.spyOn(fakeBrowser.i18n, 'getUILanguage').mockReturnValue('en');
    expect(aspectRatioLabel('16:9')).toBe('16:9 landscape');
    expect(aspectRatioLabel('4:3')).toBe('4:3 landscape');
    expect(aspectRatioLabel('9:16')).toBe('9:16 portrait');
    expect(aspectRatioLabel('1:1')).toBe('1:1 square');
    expect(aspectRatioLabel('weird')).toBe('weird');
    vi.restoreAllMocks();
  });
});
