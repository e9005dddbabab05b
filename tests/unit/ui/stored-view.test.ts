import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@/utils/settings/defaults';
import { shownEntries, shownKeyStatus, shownSettings, shownStoredBalance } from '@/utils/ui/stored-view';

const entry = {
  id: 'e1',
  kind: 'image',
  prompt: 'a kettle',
  model: '',
  source: 'popup',
  status: 'completed',
  urls: ['https://x.test/a.png'],
  createdAt: 1,
};

describe('what pages paint from storage', () => {
  it('reads a history stored as an object by its values, leaving out what is not an entry', () => {
    expect(shownEntries({ 0: entry, oops: 42 })).toEqual([entry]);
    expect(shownEntries([entry, { id: 3 }])).toEqual([entry]);
    expect(shownEntries('junk')).toEqual([]);
  });

  it('takes each stored setting that has its default’s type, field by field, and nothing else', () => {
    const stored = JSON.parse(
      '{"baseUrl":"https://api.example.com","pollIntervalSec":"5","historyLimit":50000,"keepCopies":0,' +
        '"videoDefaults":{"duration":8,"resolution":1080,"generateAudio":true},"__proto__":{"x":1},"extra":1}',
    );
    expect(shownSettings(stored)).toEqual({
      ...DEFAULT_SETTINGS,
      baseUrl: 'https://api.example.com',
      historyLimit: 50000,
      // Stored before the setting existed: an earlier install's default.
      promptInFiles: false,
      videoDefaults: { ...DEFAULT_SETTINGS.videoDefaults, duration: 8, generateAudio: true },
    });
    expect(Object.getPrototypeOf(shownSettings(stored))).toBe(Object.prototype);
    expect(shownSettings({ videoDefaults: [5] }).videoDefaults).toEqual(DEFAULT_SETTINGS.videoDefaults);
    expect(shownSettings('junk')).toEqual(DEFAULT_SETTINGS);
  });

  it('keeps the balance account only when whole, so a figure is never shown for the wrong service', () => {
    const account = { origin: 'https://api.example.com', keyId: 'k1' };
    expect(shownStoredBalance({ balance: { value: 5, fetchedAt: 2 }, account })).toEqual({
      balance: { value: 5, fetchedAt: 2 },
      account,
    });
    expect(shownStoredBalance({ balance: { value: '5' }, account: { origin: 1 } })).toEqual({
      balance: null,
    });
  });

  it('reads an unreadable key status as no key, and never more than four characters of it', () => {
    expect(shownKeyStatus(null)).toEqual({ set: false });
    expect(shownKeyStatus({ set: true, origin: 'https://a.example', last4: 'abcd' })).toEqual({
      set: true,
      origin: 'https://a.example',
      last4: 'abcd',
    });
    expect(shownKeyStatus({ set: true, last4: 'the-whole-key' })).toEqual({ set: true });
  });
});
