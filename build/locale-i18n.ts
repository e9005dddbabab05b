import { readFileSync } from 'node:fs';
import path from 'node:path';

interface Message {
  message: string;
  placeholders?: Record<string, { content: string }>;
}

/** The part of `chrome.i18n` the pages call, answered as a browser shown one translation would. */
export interface BuildI18n {
  getUILanguage(): string;
  getMessage(key: string, substitutions?: string | string[]): string;
}

/**
 * `chrome.i18n` from the messages of one of the extension's locales (a folder of `_locales`), with Chrome's
 * substitution rules (named placeholders, `$1`…`$9`, `$$`), so that pages rendered in Node at build time
 * say what the browser says.
 */
export function localeI18n(localesDir: string, locale = 'en'): BuildI18n {
  const file = path.join(localesDir, locale, 'messages.json');
  const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Message>;
  // Chrome matches message and placeholder names case-insensitively.
  const byName = new Map(Object.entries(messages).map(([name, entry]) => [name.toLowerCase(), entry]));
  return {
    getUILanguage: () => locale.replace('_', '-'),
    getMessage(key, substitutions = []) {
      const entry = byName.get(key.toLowerCase());
      if (!entry) return '';
      const list = typeof substitutions === 'string' ? [substitutions] : substitutions;
      const numbered = (text: string) =>
        text.replace(/\$(\d)/g, (_, at: string) => list[Number(at) - 1] ?? '');
      const placeholders = new Map(
        Object.entries(entry.placeholders ?? {}).map(([name, { content }]) => [name.toLowerCase(), content]),
      );
      return entry.message.replace(/\$\$|\$(\d)|\$(\w+)\$/g, (whole, at?: string, name?: string) => {
        if (at !== undefined) return numbered(whole);
        if (name !== undefined) return numbered(placeholders.get(name.toLowerCase()) ?? '');
        return '$';
      });
    },
  };
}
