import { readFileSync } from 'node:fs';
import path from 'node:path';

/** A messages.json entry as Chrome reads it. */
export interface MessageEntry {
  message: string;
  description?: string;
  placeholders?: Record<string, { content: string; example?: string }>;
}
export type Messages = Record<string, MessageEntry>;

const localesDir = path.resolve(import.meta.dirname, '../../../public/_locales');

export function readMessages(locale: string): Messages {
  return JSON.parse(readFileSync(path.join(localesDir, locale, 'messages.json'), 'utf8')) as Messages;
}

export function localeNames(): string[] {
  return ['en', 'de'];
}

/** The $NAME$ references in a message, lower-cased like Chrome compares them. */
export function referencedPlaceholders(message: string): string[] {
  return [...message.matchAll(/\$([A-Za-z0-9_@]+)\$/g)].map((match) => (match[1] ?? '').toLowerCase());
}

/** browser.i18n.getMessage as Chrome implements it: named placeholders whose content is $1..$9. */
export function chromeGetMessage(messages: Messages) {
  return (key: string, substitutions?: string | string[]): string => {
    const entry = messages[key];
    if (!entry) return '';
    const subs =
      substitutions === undefined ? [] : Array.isArray(substitutions) ? substitutions : [substitutions];
    const fill = (text: string) => text.replace(/\$(\d)/g, (_, n: string) => subs[Number(n) - 1] ?? '');
    return entry.message
      .replace(/\$([A-Za-z0-9_@]+)\$/g, (whole, name: string) => {
        const placeholder = entry.placeholders?.[name.toLowerCase()];
        return placeholder ? fill(placeholder.content) : whole;
      })
      .replace(/\$\$/g, '$');
  };
}
