import { byId } from '../by-id';
import { AppError, toErrorInfo } from '../error-info';
import { copiesItem } from './copies-item';
import type { Copies, EntryCopy } from './copies-schema';
import { readStoredCopy } from './copy-reader';
import { allFiles, deleteAllCopies, deleteCopies, discardIncomplete, filesOf, usedBytes } from './copy-store';
import { type CopyLimits, type CopyWatch, watchCopy } from './copy-watch';
import { enforceCap } from './evict';
import { closeFiles, type OpenFile, openFile, removeFile, streamFile, writeWholeFile } from './keep-file';
import { type MediaDb, openMediaDb, type StoredFile } from './media-db';

/**
 * What the background calls to keep, drop and recover copies. Each call leaves IndexedDB and the
 * `local:copies` item agreeing; item writes are chained so two copies finishing together do not lose one.
 */

export const DEFAULT_CAP_BYTES = 1024 * 1024 * 1024;

let writes: Promise<unknown> = Promise.resolve();

function updateCopies(db: MediaDb, change: (entries: Copies['entries']) => void): Promise<Copies> {
  const next = writes.then(async () => {
    const current = await copiesItem.getValue();
    const entries = byId(Object.entries(current.entries));
    change(entries);
    const value: Copies = { entries, usedBytes: await usedBytes(db) };
    await copiesItem.setValue(value);
    return value;
  });
  writes = next.catch(() => undefined);
  return next;
}

export interface KeepEntryInput {
  entryId: string;
  urls: readonly string[];
  capBytes: number;
  /** Entries whose copies must not be evicted to make room (running jobs, favourites). */
  spared: ReadonlySet<string>;
  fetch?: typeof fetch;
  now?: () => number;
  db?: MediaDb;
  limits?: CopyLimits;
}

/** Attempts at one result, counting those a stopped worker cut off, before it is given up. */
export const MAX_COPY_ATTEMPTS = 6;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 15 * 60_000;

/** After the n-th failed attempt: 30 s, 1 min, 2 min, … at most 15 min. */
export function retryDelayMs(attempts: number): number {
  return Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

/**
 * Records copies that are due, before anything is fetched: whichever worker runs next takes them up. With
 * `firstOnly` (a result kept because it finished, which may be told twice: once made, once announced) only a
 * result never tried is marked, so a copy that failed or was kept is not fetched again unasked. Returns
 * whether the copy is now due.
 */
export async function markKeeping(
  { id, files }: { id: string; files: number },
  firstOnly = false,
): Promise<boolean> {
  let due = true;
  await updateCopies(await openMediaDb(), (copies) => {
    const before = copies[id];
    if (firstOnly && before) due = false;
    else if (before?.state !== 'keeping') copies[id] = { state: 'keeping', bytes: 0, files, attempts: 0 };
  });
  return due;
}

type Attempt = { kept: number } | { tooBig: number };

/**
 * Opens every file of the result first, so a size the hosts announce is checked against the cap before a
 * byte is stored; then streams them in turn, counting the bytes of files whose size was not announced.
 */
async function attemptResult(db: MediaDb, input: KeepEntryInput, watch: CopyWatch): Promise<Attempt> {
  const opened: OpenFile[] = [];
  try {
    for (const [index, url] of input.urls.entries()) {
      const file = { entryId: input.entryId, index, url, fetch: input.fetch, now: input.now };
      opened.push(await openFile(db, file, watch.signal));
      watch.progress();
    }
    const announced = opened.reduce((sum, open) => sum + (open.size ?? open.file.bytes), 0);
    if (announced > input.capBytes) return { tooBig: announced };
    watch.sized(announced);
    let total = announced;
    let kept = 0;
    for (const open of opened) {
      const counted = open.size !== undefined;
      const file = await streamFile(
        db,
        open,
        (bytes) => {
          watch.progress();
          if (!counted) total += bytes;
          return total <= input.capBytes;
        },
        input.now,
      );
      if (!file) return { tooBig: total };
      kept += file.bytes;
    }
    return { kept };
  } finally {
    await closeFiles(opened);
  }
}

function isGone(error: unknown): boolean {
  return error instanceof AppError && (error.info.status === 404 || error.info.status === 410);
}

/** A file refused by the media rules (media-request.ts) or with no http(s) URL: trying again changes nothing. */
function isRefused(error: unknown): boolean {
  return (
    error instanceof AppError &&
    (error.info.kind === 'unsafe_media' || error.info.kind === 'invalid_response')
  );
}

/**
 * One attempt at keeping every file of a finished entry, whole or not at all. A failure that may pass (a
 * stall, a dropped connection, a time-out) leaves the chunks written so far and the entry "keeping" with a
 * time for the next attempt, until MAX_COPY_ATTEMPTS; a file the service deleted, one the media rules refuse,
 * or a result larger than the cap, settles at once and frees what was written.
 */
export async function keepEntry(input: KeepEntryInput): Promise<EntryCopy> {
  const db = input.db ?? (await openMediaDb());
  const now = input.now ?? Date.now;
  const files = input.urls.length;
  let attempts = 1;
  await updateCopies(db, (entries) => {
    const before = entries[input.entryId];
    attempts = (before?.state === 'keeping' ? (before.attempts ?? 0) : 0) + 1;
    entries[input.entryId] = { state: 'keeping', bytes: 0, files, attempts };
  });
  const watch = watchCopy(input.limits);
  let result: EntryCopy;
  try {
    const outcome = await attemptResult(db, input, watch);
    if ('kept' in outcome) {
      result = { state: 'kept', bytes: outcome.kept, files };
    } else {
      await deleteCopies(db, input.entryId);
      result = { state: 'tooBig', bytes: outcome.tooBig, files, capBytes: input.capBytes };
    }
  } catch (thrown) {
    // An aborted stream may reject with the browser's own AbortError: the watch knows which limit it was.
    const error: unknown = watch.signal.aborted ? watch.signal.reason : thrown;
    if (isGone(error)) {
      await deleteCopies(db, input.entryId);
      result = { state: 'expired', bytes: 0, files, error: toErrorInfo(error) };
    } else if (isRefused(error) || attempts >= MAX_COPY_ATTEMPTS) {
      await deleteCopies(db, input.entryId);
      result = { state: 'failed', bytes: 0, files, error: toErrorInfo(error) };
    } else {
      const retryAt = now() + retryDelayMs(attempts);
      result = { state: 'keeping', bytes: 0, files, attempts, retryAt, error: toErrorInfo(error) };
    }
  } finally {
    watch.stop();
  }
  const copies = await copiesItem.getValue();
  const busy = Object.entries(copies.entries).filter(([, copy]) => copy.state === 'keeping');
  // Room is made only for a result that was kept, and never by evicting it or one still being kept.
  const evicted =
    result.state === 'kept'
      ? await enforceCap(
          db,
          input.capBytes,
          new Set([...input.spared, input.entryId, ...busy.map(([id]) => id)]),
        )
      : [];
  const saved = await updateCopies(db, (entries) => {
    entries[input.entryId] = result;
    for (const id of evicted) {
      const before = entries[id];
      entries[id] = { state: 'evicted', bytes: 0, files: before?.files ?? 0 };
    }
  });
  return saved.entries[input.entryId] ?? result;
}

/** A file of a copy as a backup holds it: what it is, and its bytes. */
export interface RestoredFile extends Pick<StoredFile, 'index' | 'url' | 'keptAt'> {
  bytes: Uint8Array<ArrayBuffer>;
}

/** Which of an entry's files are kept whole here: a restore reads only the others from the backup. */
export async function keptIndexes(entryId: string, db?: MediaDb): Promise<Set<number>> {
  const files = await filesOf(db ?? (await openMediaDb()), entryId);
  return new Set(files.filter((file) => file.complete).map((file) => file.index));
}

/**
 * An entry's copy brought back from a backup: each file not kept here yet is written whole, then the entry
 * is recorded as kept with all `files` of it, as a copy fetched from the service would be.
 */
export async function restoreCopy(
  entryId: string,
  files: number,
  restored: readonly RestoredFile[],
  { db, now = Date.now }: { db?: MediaDb; now?: () => number } = {},
): Promise<void> {
  const media = db ?? (await openMediaDb());
  for (const { bytes, ...file } of restored)
    await writeWholeFile(media, { entryId, ...file, startedAt: now() }, bytes);
  const stored = await filesOf(media, entryId);
  const kept = stored.filter((file) => file.complete);
  if (kept.length < files) return;
  await updateCopies(media, (entries) => {
    entries[entryId] = { state: 'kept', bytes: kept.reduce((sum, file) => sum + file.bytes, 0), files };
  });
}

/** The kept copy of an entry's file, if one is complete; without a readable database there is none. */
export async function keptCopyOf(entryId: string, index: number, db?: MediaDb): Promise<Blob | undefined> {
  try {
    return await readStoredCopy(db ?? (await openMediaDb()), entryId, index);
  } catch {
    // The service's file is still there to download.
    return undefined;
  }
}

/** For a removed history entry: its copies go and so does its record. */
export async function forgetCopies(entryId: string, db?: MediaDb): Promise<void> {
  const media = db ?? (await openMediaDb());
  await deleteCopies(media, entryId);
  await updateCopies(media, (entries) => {
    delete entries[entryId];
  });
}

/** For entries that left the history: their copies go, and so do their records, in one write. */
export async function forgetCopiesOf(ids: readonly string[], db?: MediaDb): Promise<void> {
  const media = db ?? (await openMediaDb());
  // One read of the files' records, not one per id: a trim of 10,000 entries, of which a few had copies,
  // would otherwise open 10,000 transactions before the person is told it is done.
  const gone = new Set(ids);
  for (const file of await allFiles(media))
    if (gone.has(file.entryId)) await removeFile(media, file.entryId, file.index);
  await updateCopies(media, (entries) => {
    for (const id of ids) delete entries[id];
  });
}

/** For clearing history: the copies of every entry no longer in it go, those of entries still there stay. */
export async function forgetCopiesExcept(present: ReadonlySet<string>, db?: MediaDb): Promise<void> {
  const media = db ?? (await openMediaDb());
  const stored = (await allFiles(media)).map((file) => file.entryId);
  const recorded = Object.keys((await copiesItem.getValue()).entries);
  await forgetCopiesOf(
    [...new Set([...stored, ...recorded])].filter((id) => !present.has(id)),
    media,
  );
}

/** For "Delete all copies" (entries stay; they become "Only on the service") and for clearing history. */
export async function forgetAllCopies(db?: MediaDb): Promise<void> {
  const media = db ?? (await openMediaDb());
  await deleteAllCopies(media);
  await updateCopies(media, (entries) => {
    for (const id of Object.keys(entries)) delete entries[id];
  });
}

/**
 * Once per worker start, before keeping anything: the chunks of entries still "keeping" (cut off by a
 * stopped worker or waiting to be retried) stay, so their next attempt continues them. A file left
 * incomplete by an entry not keeping any more (an older build's) is removed: nothing would continue it.
 */
export async function recoverInterruptedCopies(db?: MediaDb): Promise<void> {
  const media = db ?? (await openMediaDb());
  const copies = await copiesItem.getValue();
  const keeping = Object.entries(copies.entries).filter(([, copy]) => copy.state === 'keeping');
  await discardIncomplete(media, new Set(keeping.map(([id]) => id)));
}

/** A cap lowered in the settings takes effect at once; `spared` (running jobs, favourites) keep their copies. */
export async function applyCap(
  capBytes: number,
  spared: ReadonlySet<string>,
  db?: MediaDb,
): Promise<string[]> {
  const media = db ?? (await openMediaDb());
  const evicted = await enforceCap(media, capBytes, spared);
  await updateCopies(media, (entries) => {
    for (const id of evicted) entries[id] = { state: 'evicted', bytes: 0, files: entries[id]?.files ?? 0 };
  });
  return evicted;
}
