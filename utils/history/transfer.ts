import * as z from 'zod/mini';
import { MAX_ID_LENGTH, MAX_VIDEO_URLS } from '../api/schemas';
import { AppError } from '../error-info';
import { errorInfoSchema } from '../errors';
import { parseHttpUrl } from '../http-url';
import { MAX_PROMPT_LENGTH } from '../validation';
import { type HistoryEntry, historyEntrySchema } from './schema';

/**
 * The history as a file a person keeps or moves to another browser, and the check that reads one back.
 * A file is untrusted text: it is read field by field with limits, and URLs that are not http(s) refuse
 * the whole file rather than reaching a link or an image on the history page.
 */

const FORMAT = 'promptcast-history';
const VERSION = 1;
/** Far more than the history keeps; a longer file is not one this extension wrote. */
const MAX_FILE_ENTRIES = 5000;
const MAX_MODEL_LENGTH = 200;

const httpUrl = z
  .string()
  .check(z.refine((value) => parseHttpUrl(value) !== undefined, 'not an http(s) URL'));

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
  error: z.optional(errorInfoSchema),
  cost: historyEntrySchema.shape.cost,
});
type FileEntry = z.infer<typeof fileEntrySchema>;

const historyFileSchema = z.object({
  format: z.literal(FORMAT),
  version: z.literal(VERSION),
  exportedAt: z.number(),
  entries: z.array(fileEntrySchema).check(z.maxLength(MAX_FILE_ENTRIES)),
});

/** What a person may want back from an entry; polling state, notification flags and readings stay behind. */
function toFileEntry(entry: HistoryEntry): FileEntry {
  const { id, kind, prompt, model, options, source, status, urls, createdAt, finishedAt, error, cost } =
    entry;
  const optional = { options, finishedAt, error, cost };
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

/** The export file's text: the entries as they are now, newest first. */
export function historyFileText(entries: readonly HistoryEntry[], exportedAt: number): string {
  return JSON.stringify(
    { format: FORMAT, version: VERSION, exportedAt, entries: entries.map(toFileEntry) },
    null,
    2,
  );
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

/** The entries of a parsed export file; throws `invalid_input` naming the first problem otherwise. */
export function readHistoryFile(file: unknown): HistoryEntry[] {
  const parsed = historyFileSchema.safeParse(file);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join('.') ?? '';
    const reason = `${where ? `${where}: ` : ''}${issue?.message ?? 'unreadable'}`;
    throw new AppError('invalid_input', `Not a Promptcast history file (${reason}).`, { detail: reason });
  }
  return parsed.data.entries.map(toHistoryEntry);
}
