import { browser } from 'wxt/browser';
import type enMessages from '../public/_locales/en/messages.json';
import { formatNumber } from './ui/format';
import type { Problem } from './validation';

/**
 * Localised text for every page and the background. Keys are typed from the English messages.json, so a
 * key that does not exist fails type checking; the JSON itself is never bundled (type-only import).
 */
export type MessageKey = keyof typeof enMessages;

export type Substitution = string | number;

type GetMessage = (key: string, substitutions?: string[]) => string;

/** "de" of "de-AT": what two language tags must share for one text to serve both. */
export const primarySubtag = (tag: string) => tag.split(/[-_]/)[0]?.toLowerCase() ?? '';

/**
 * The language the pages' text is in, for `lang` and for number and date formats: the browser's UI
 * language (e.g. "de-AT") when the extension has a translation for it, otherwise the language of the
 * translation the browser fell back to (a French browser gets English text, so "en", not "fr-FR").
 */
export function uiLanguage(): string {
  let browserLanguage = '';
  try {
    browserLanguage = browser.i18n.getUILanguage() ?? '';
  } catch {
    browserLanguage = '';
  }
  const translation = fixedMessage('languageTag');
  if (!translation) return browserLanguage || 'en';
  if (!browserLanguage) return translation;
  return primarySubtag(browserLanguage) === primarySubtag(translation) ? browserLanguage : translation;
}

/** The message for `key` in the UI language; numbers are formatted for that language. */
export function t(key: MessageKey, substitutions?: Substitution | readonly Substitution[]): string {
  const list =
    substitutions === undefined ? [] : Array.isArray(substitutions) ? substitutions : [substitutions];
  // Asking the browser for its language costs two extension API calls: a 200-entry list makes thousands
  // of these calls, and only numbers need the language.
  const locale = list.some((value) => typeof value === 'number') ? uiLanguage() : '';
  const strings = list.map((value: Substitution) =>
    typeof value === 'number' ? formatNumber(value, locale) : value,
  );
  // An empty answer means the key is missing in every locale; the key is more useful than nothing.
  return (strings.length > 0 ? getMessage(key, strings) : fixedMessage(key)) || key;
}

function getMessage(key: string, substitutions?: string[]): string {
  try {
    return (browser.i18n.getMessage as GetMessage)(key, substitutions);
  } catch {
    return '';
  }
}

/**
 * A page's messages never change while it is open, and each browser call costs microseconds that a
 * 200-entry history spends thousands of times in its first frame. The answers are tied to the getMessage
 * they came from, so a replaced one (another locale in a test) is asked afresh.
 */
const fixed = { from: undefined as unknown, messages: new Map<string, string>() };

function fixedMessage(key: string): string {
  const from = browser.i18n.getMessage;
  if (fixed.from !== from) fixed.messages.clear();
  fixed.from = from;
  let text = fixed.messages.get(key);
  if (text === undefined) {
    text = getMessage(key);
    fixed.messages.set(key, text);
  }
  return text;
}

/** "1 credit", "1,000 credits". */
export function formatCredits(value: number): string {
  return value === 1 ? t('creditsOne') : t('creditsMany', formatNumber(value, uiLanguage()));
}

/** "1 image", "5 videos": browser i18n has no plural rules, so each language says one and many itself. */
export function formatCount(kind: 'image' | 'video', count: number): string {
  if (kind === 'image') return count === 1 ? t('countImagesOne') : t('countImagesOther', count);
  return count === 1 ? t('countVideosOne') : t('countVideosOther', count);
}

/** "problem" and "prompt_too_long" -> "problemPromptTooLong": messages named after a code. */
export const wordKey = (prefix: 'error' | 'problem', code: string) =>
  `${prefix}${code.replace(/(?:^|_)(\w)/g, (_, letter: string) => letter.toUpperCase())}` as MessageKey;

/**
 * Localised wording of an inline validation problem: its message, named after its code, with its fields in
 * the order the problem lists them (validation.ts) as the message's placeholders. A unit test holds every
 * code to a message that uses exactly its fields.
 */
export function describeProblem({ code, ...fields }: Problem): string {
  return t(wordKey('problem', code), Object.values(fields) as Substitution[]);
}
