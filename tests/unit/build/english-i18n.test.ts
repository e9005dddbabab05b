import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { englishI18n } from '../../../build/english-i18n';

const real = englishI18n(path.join(import.meta.dirname, '../../../public/_locales'));

function withMessages(messages: object) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'promptcast-locales-'));
  mkdirSync(path.join(dir, 'en'));
  writeFileSync(path.join(dir, 'en', 'messages.json'), JSON.stringify(messages));
  return englishI18n(dir);
}

describe('chrome.i18n for the build-time first frames', () => {
  it('fills named placeholders from the substitutions, as Chrome does', () => {
    expect(real.getMessage('promptCounter', ['0', '4,000'])).toBe('0 / 4,000 characters');
  });

  it('matches names case-insensitively and answers an unknown key with nothing', () => {
    expect(real.getMessage('PROMPTLABEL')).toBe(real.getMessage('promptLabel'));
    expect(real.getMessage('noSuchMessage')).toBe('');
  });

  it('takes $1 in the message itself, a single substitution string, and $$ as a dollar', () => {
    const i18n = withMessages({ price: { message: 'costs $$$1 now' } });
    expect(i18n.getMessage('price', '5')).toBe('costs $5 now');
    expect(i18n.getUILanguage()).toBe('en');
  });
});
