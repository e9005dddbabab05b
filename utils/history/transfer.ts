import * as z from 'zod/mini';
import { boundedUrl, MAX_ID_LENGTH, MAX_VIDEO_URLS } from '../api/schemas';
import { AppError } from '../error-info';
import { errorInfoSchema } from '../errors';
import { parseHttpUrl } from '../http-url';
import { t } from '../i18n';
import { promptsOfLibraryFile } from '../library/file';
import { LIBRARY_FORMAT } from '../library/limits';
import type { LibraryPrompt } from '../library/schema';
import { MAX_DETAIL_LENGTH, truncate } from '../text';
import { MAX_PROMPT_LENGTH } from '../validation';
import { type HistoryEntry, historyEntrySchema } from './schema';

/**
 * The history as a file a person keeps or moves to another browser, and the check that reads one back.
 * A file is untrusted text: it is read field by field with limits, and URLs that are not http(s) refuse
 * the whole file rather than reaching a link or an image on the history page.
 */

const FORMAT = 'promptcast-history';
/** Version 2 may carry the prompt library; version 1 files (entries only) are still read. */
const VERSION = 2;
const VERSIONS = [1, VERSION];
/** As many as the history keeps at its largest cap; a longer file is not one this extension wrote. */
const MAX_FILE_ENTRIES = 50_000;
const MAX_MODEL_LENGTH = 200;
/** How far ahead of this computer's clock a date may be: clocks of two computers differ, not by more. */
const MAX_CLOCK_AHEAD_MS = 24 * 60 * 60 * 1000;

// Bounded as the service's answers are (utils/api/schemas.ts): a longer URL is refused, not cut, since a cut
// URL names another file.
const httpUrl = boundedUrl.check(
  z.refine((value) => parseHttpUrl(value) !== undefined, 'not an http(s) URL'),
);

/**
 * An entry's error as the history shows it. Its words are cut to the length the service's own error
 * summaries get (utils/text.ts) rather than refusing the file: a shortened text still says what happened.
 */
const fileErrorSchema = z.pipe(
  z.object({ ...errorInfoSchema.shape, url: z.optional(httpUrl) }),
  z.transform(({ message, detail, ...rest }) => ({
    ...rest,
    message: truncate(message, MAX_DETAIL_LENGTH),
    ...(detail === undefined ? {} : { detail: truncate(detail, MAX_DETAIL_LENGTH) }),
  })),
);

const fileEntrySchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(MAX_ID_LENGTH)),
  kind: historyEntrySchema.shape.kind,
  prompt: z.string().check(z.maxLength(MAX_PROMPT_LENGTH)),
  model: z.string().check(z.maxLength(MAX_MODEL_LENGTH)),
  options: historyEntrySchema.shape.options,
  source: z.optional(historyEntrySchema.shape.source),
  status: historyEntrySchema.shape.status,
  urls: z.array(httpUrl).check(z.maxLength(MAX_VIDEO_URLS)),
  createdAt: z.number().check(z.nonnegative()),
  finishedAt: z.optional(z.number().check(z.nonnegative())),
  error: z.optional(fileErrorSchema),
  cost: historyEntrySchema.shape.cost,
  /** The profile by its id: back in the install it came from, the entry is that profile's again. */
  profileId: historyEntrySchema.shape.profileId,
  favourite: historyEntrySchema.shape.favourite,
  // Bounded as stored entries are (at most 50 names of at most 60 characters); a name given twice is kept once.
  collections: z.optional(
    z.pipe(
      historyEntrySchema.shape.collections.def.innerType,
      z.transform((names) => [...new Set(names)]),
    ),
  ),
});
type FileEntry = z.infer<typeof fileEntrySchema>;

const historyFileSchema = z.object({
  format: z.literal(FORMAT),
  version: z.literal(VERSIONS),
  exportedAt: z.number(),
  entries: z.array(fileEntrySchema).check(z.maxLength(MAX_FILE_ENTRIES)),
  /** A library file as the library page saves it, checked by that page's own check (readLibraryPart). */
  library: z.optional(z.unknown()),
});

/**
 * What a history file holds, read: its entries as stored entries in a JSON Blob (the page hands it to the
 * background whole, by URL), how many, and the library prompts it carries (none in version 1).
 */
export interface HistoryFile {
  entries: Blob;
  count: number;
  prompts: LibraryPrompt[];
}

/**
 * What a person may want back from an entry, their favourite mark and collections included; polling state,
 * notification flags and readings stay behind.
 */
function toFileEntry(entry: HistoryEntry): FileEntry {
  const { id, kind, prompt, model, options, source, status, urls, createdAt, finishedAt, error, cost } =
    entry;
  const optional = {
    options,
    finishedAt,
    error,
    cost,
    profileId: entry.profileId,
    favourite: entry.favourite,
    collections: entry.collections,
  };
  return {
    id,
    kind,
    prompt,
    model,
    source,
    status,
    urls,
    createdAt,
    ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined)),
  };
}

/** What stands for the entries in the file's skeleton: a string no entry writes. */
const ENTRIES_SLOT = '\u0000';

/** The export file's text as it is written, its entries a batch at a time (see historyFileWriter). */
export interface HistoryFileWriter {
  /** The whole file when it has no entries. */
  empty: string;
  /** Before the first entry, and after the last. */
  head: string;
  tail: string;
  /** A batch's entries, as they are now; `first` for the file's first batch. */
  entries(batch: readonly HistoryEntry[], first: boolean): string;
}

/**
 * The export file's text in parts, to be joined (or made a Blob) in order: the head, the entries a batch
 * at a time as they are read (newest first), then the tail with the library's prompts when given (as a
 * library file, so the part reads back through the library's own check). Joined, the text is
 * `JSON.stringify(file, null, 2)` exactly; a page stringifying 50,000 entries at once stopped for the whole
 * of it, and one holding them all while it wrote spent 80 ms in one garbage collection.
 */
export function historyFileWriter(exportedAt: number, library?: readonly LibraryPrompt[]): HistoryFileWriter {
  const file = (shown: readonly unknown[]) => ({
    format: FORMAT,
    version: VERSION,
    exportedAt,
    entries: shown,
    ...(library ? { library: { format: LIBRARY_FORMAT, v: 1, prompts: library } } : {}),
  });
  // The skeleton with one entry in its place: each entry goes at that depth, two levels in. The entries come
  // before the library, so the first such string is theirs whatever the library holds.
  const skeleton = JSON.stringify(file([ENTRIES_SLOT]), null, 2);
  const slot = JSON.stringify(ENTRIES_SLOT);
  const slotAt = skeleton.indexOf(slot);
  return {
    empty: JSON.stringify(file([]), null, 2),
    head: skeleton.slice(0, slotAt),
    tail: skeleton.slice(slotAt + slot.length),
    entries: (batch, first) =>
      `${first ? '' : ',\n    '}${batch
        .map((entry) => JSON.stringify(toFileEntry(entry), null, 2).replaceAll('\n', '\n    '))
        .join(',\n    ')}`,
  };
}

/**
 * A file entry as a history entry. One that was running when exported has no polling state to go on
 * with here, so it comes back as interrupted rather than as a job that never ends.
 */
function toHistoryEntry({ source, ...entry }: FileEntry): HistoryEntry {
  const read = { ...entry, source: source ?? 'popup' };
  if (entry.status !== 'running') return read;
  return {
    ...read,
    status: 'failed',
    error: { kind: 'interrupted', message: 'The job was still running when the history was exported.' },
  };
}

function refuse(reason: string): AppError {
  return new AppError('invalid_input', `Not a Promptcast history file (${reason}).`, { detail: reason });
}

/**
 * A date later than a day from now was not written by a clock: such an entry would stay at the top of the
 * history for ever, and the file is refused like any other it could not have exported.
 */
function futureDate(entries: readonly FileEntry[], now: number): string | undefined {
  for (const [index, entry] of entries.entries()) {
    for (const field of ['createdAt', 'finishedAt'] as const) {
      const at = entry[field];
      if (at !== undefined && at > now + MAX_CLOCK_AHEAD_MS)
        return `entries.${index}.${field}: later than a day from now`;
    }
  }
  return undefined;
}

/**
 * The library part's prompts, checked as a library file is. A malformed part refuses the whole file: its
 * entries are not imported without it. The reason says it was the library, in the person's language (so
 * this runs in the page, not in the thread that reads the entries).
 */
export function readLibraryPart(library: unknown): LibraryPrompt[] {
  if (library === undefined) return [];
  try {
    return promptsOfLibraryFile(library, ['library']);
  } catch (failure) {
    if (!(failure instanceof AppError)) throw failure;
    const reason = failure.info.detail ?? failure.info.message;
    throw new AppError('invalid_input', `Not a Promptcast history file (${reason}).`, {
      detail: t('historyFileBadLibrary', reason),
    });
  }
}

/** What a parsed export file holds once its entries are checked: its library part is read by readLibraryPart. */
export interface CheckedEntries {
  entries: HistoryEntry[];
  library: unknown;
}

/**
 * A parsed export file's entries, checked field by field; throws `invalid_input` naming the first problem
 * otherwise. Its words are the schema's, in English, so it may run where no translation is at hand.
 */
export function readHistoryEntries(file: unknown, now: number): CheckedEntries {
  const parsed = historyFileSchema.safeParse(file);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join('.') ?? '';
    throw refuse(`${where ? `${where}: ` : ''}${issue?.message ?? 'unreadable'}`);
  }
  const future = futureDate(parsed.data.entries, now);
  if (future) throw refuse(future);
  return { entries: parsed.data.entries.map(toHistoryEntry), library: parsed.data.library };
}
