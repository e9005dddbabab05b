/**
 * File names people can recognise in their downloads folder, from a template they may set (by default
 * `promptcast-{date}-{prompt}-{n}`: `promptcast-<YYYY-MM-DD>-<prompt slug>[-n].<ext>`). Every value is a slug
 * of letters, digits and single hyphens, and the template's own text keeps only letters, digits, `-`, `_`,
 * `.` and spaces, so the name is valid on Windows, macOS and Linux alike: no forbidden characters
 * (<>:"/\|?* and controls), no leading or trailing dot or space, and never a reserved Windows device name
 * (CON, NUL, COM1, …), which gets a `promptcast-` in front.
 */

import { localDate, localTime } from '../local-date';
import { DEFAULT_SETTINGS } from '../settings/defaults';

export interface FileNameInput {
  prompt: string;
  /** When the entry was created (ms since the epoch); the date is the person's local date. */
  createdAt: number;
  kind: 'image' | 'video';
  /** The file's URL; its path may carry the extension. */
  url: string;
  /** The Content-Type the file was served with, when known (it names the format more reliably). */
  contentType?: string;
  /** 1-based position among the entry's files; only given when the entry has more than one. */
  n?: number;
  /** The model the entry was made with; '' when none was set. */
  model?: string;
}

/** Most filesystems cap a name at 255 bytes; the slug stays far below so the whole name always fits. */
const MAX_SLUG_BYTES = 80;

const EXTENSION_BY_TYPE: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
};

// Pure, as the encoder below: bundles that never name a file drop them. The whole set is built in one pure
// call: a marked `new Set(...)` alone still evaluates its argument, which kept the table in the worker.
const KNOWN_EXTENSIONS = /* @__PURE__ */ (() =>
  new Set([...Object.values(EXTENSION_BY_TYPE), 'jpeg', 'm4v']))();

const utf8 = /* @__PURE__ */ new TextEncoder();

export function slugify(prompt: string): string {
  const words = prompt
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu);
  let slug = '';
  for (const word of words ?? []) {
    const next = slug === '' ? word : `${slug}-${word}`;
    if (utf8.encode(next).length <= MAX_SLUG_BYTES) {
      slug = next;
      continue;
    }
    // A first word longer than the cap (a prompt without spaces) is cut by code points, never mid-character.
    if (slug === '') slug = cutToBytes(word, MAX_SLUG_BYTES);
    break;
  }
  return slug;
}

function cutToBytes(text: string, maxBytes: number): string {
  let out = '';
  for (const char of text) {
    if (utf8.encode(out + char).length > maxBytes) break;
    out += char;
  }
  return out;
}

export function extensionFor(url: string, contentType: string | undefined, kind: 'image' | 'video'): string {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  const fromType = type ? EXTENSION_BY_TYPE[type] : undefined;
  if (fromType) return fromType;
  let last = '';
  try {
    last = new URL(url).pathname.split('/').pop() ?? '';
  } catch {
    last = '';
  }
  const fromPath = /\.([a-z0-9]{2,5})$/i.exec(last)?.[1]?.toLowerCase();
  if (fromPath && KNOWN_EXTENSIONS.has(fromPath)) return fromPath === 'jpeg' ? 'jpg' : fromPath;
  return kind === 'image' ? 'png' : 'mp4';
}

/** The name before its extension stays well within the 255 bytes most filesystems allow. */
const MAX_NAME_BYTES = 160;

// Windows counts the superscripts ¹ ² ³ as digits here too (COM¹ is a device), and the template's text keeps them.
const RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\.|$)/i;

/** Template text as a file name may hold it: anything else becomes a hyphen. */
const literal = (text: string) => text.replace(/[^\p{L}\p{N}._ -]+/gu, '-');

export function mediaFileName(input: FileNameInput, template = DEFAULT_SETTINGS.fileNameTemplate): string {
  const values: Record<string, string> = {
    date: localDate(input.createdAt),
    time: localTime(input.createdAt),
    prompt: slugify(input.prompt) || input.kind,
    kind: input.kind,
    model: slugify(input.model ?? ''),
    n: input.n === undefined ? '' : String(input.n),
  };
  const filled = template
    .split(/(\{[^{}]*\})/)
    .map((part) => {
      const name = /^\{([^{}]*)\}$/.exec(part)?.[1];
      if (name === undefined) return literal(part);
      // Only its own placeholders: a template from sync is unchecked, and `{constructor}` names nothing.
      return Object.hasOwn(values, name) ? values[name] : '';
    })
    .join('')
    // An empty value leaves its separators behind: "kite--1", "kite-".
    .replace(/([-_ .])[-_ .]+/g, '$1')
    .replace(/^[-_ .]+|[-_ .]+$/g, '');
  const name = cutToBytes(filled, MAX_NAME_BYTES).replace(/[-_ .]+$/, '') || 'promptcast';
  const safe = RESERVED.test(name) ? `promptcast-${name}` : name;
  return `${safe}.${extensionFor(input.url, input.contentType, input.kind)}`;
}

/** The files of one history entry, as far as their names go. */
export interface NamedEntry {
  prompt: string;
  createdAt: number;
  kind: 'image' | 'video';
  model: string;
  urls: readonly string[];
}

/** The name of an entry's file `index` by the person's template, numbered when the entry has more than one. */
export function entryFileName(
  entry: NamedEntry,
  index: number,
  contentType?: string,
  template?: string,
): string {
  return mediaFileName(
    {
      prompt: entry.prompt,
      createdAt: entry.createdAt,
      kind: entry.kind,
      model: entry.model,
      url: entry.urls[index] ?? '',
      ...(contentType ? { contentType } : {}),
      ...(entry.urls.length > 1 ? { n: index + 1 } : {}),
    },
    template,
  );
}
