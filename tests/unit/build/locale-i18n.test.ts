import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { localeI18n } from '../../../build/locale-i18n';

const locales = path.join(import.meta.dirname, '../../../public/_locales');
const real = localeI18n(locales);

function withMessages(messages: object) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'promptcast-locales-'));
  mkdirSync(path.join(dir, 'en'));
  writeFileSync(path.join(dir, 'en', 'messages.json'), JSON.stringify(messages));
  return localeI18n(dir);
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

describe('chrome.i18n for a first frame in another translation', () => {
  it('answers in that locale, and names its language as the browser does', () => {
    const german = localeI18n(locales, 'de');
    expect(german.getMessage('generateImage')).toBe('Bild erzeugen');
    expect(german.getMessage('promptCounter', ['0', '4.000'])).toBe(
      localeI18n(locales, 'de').getMessage('promptCounter', ['0', '4.000']),
    );
    expect(german.getUILanguage()).toBe('de');
  });
});
