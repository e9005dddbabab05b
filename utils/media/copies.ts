import { toErrorInfo } from '../error-info';
import { copiesItem } from './copies-item';
import type { Copies, EntryCopy } from './copies-schema';
import { deleteAllCopies, deleteCopies, discardIncomplete, usedBytes } from './copy-store';
import { enforceCap } from './evict';
import { keepFile } from './keep-file';
import { type MediaDb, openMediaDb } from './media-db';

/**
 * What the background calls to keep, drop and recover copies. Each call leaves IndexedDB and the
 * `local:copies` item agreeing; item writes are chained so two copies finishing together do not lose one.
 */

export const DEFAULT_CAP_BYTES = 1024 * 1024 * 1024;

let writes: Promise<unknown> = Promise.resolve();

function updateCopies(db: MediaDb, change: (entries: Copies['entries']) => void): Promise<Copies> {
  const next = writes.then(async () => {
    const current = await copiesItem.getValue();
    const entries = { ...current.entries };
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
  /** Entries whose copies must not be evicted to make room (running jobs). */
  running: ReadonlySet<string>;
  fetch?: typeof fetch;
  now?: () => number;
  db?: MediaDb;
}

/** Keeps every file of a finished entry; on any failure none is kept and the entry says why. */
export async function keepEntry(input: KeepEntryInput): Promise<EntryCopy> {
  const db = input.db ?? (await openMediaDb());
  const files = input.urls.length;
  await updateCopies(db, (entries) => {
    entries[input.entryId] = { state: 'keeping', bytes: 0, files };
  });
  let result: EntryCopy;
  try {
    let bytes = 0;
    for (const [index, url] of input.urls.entries()) {
      const file = await keepFile(db, {
        entryId: input.entryId,
        index,
        url,
        maxBytes: input.capBytes,
        fetch: input.fetch,
        now: input.now,
      });
      bytes += file.bytes;
    }
    result = { state: 'kept', bytes, files };
  } catch (error) {
    await deleteCopies(db, input.entryId);
    result = { state: 'failed', bytes: 0, files, error: toErrorInfo(error) };
  }
  const copies = await copiesItem.getValue();
  const busy = Object.entries(copies.entries).filter(
    ([id, copy]) => id !== input.entryId && copy.state === 'keeping',
  );
  const evicted = await enforceCap(
    db,
    input.capBytes,
    new Set([...input.running, ...busy.map(([id]) => id)]),
  );
  const saved = await updateCopies(db, (entries) => {
    entries[input.entryId] = result;
    for (const id of evicted) {
      const before = entries[id];
      entries[id] = { state: 'evicted', bytes: 0, files: before?.files ?? 0 };
    }
  });
  return saved.entries[input.entryId] ?? result;
}

/** For a removed history entry: its copies go and so does its record. */
export async function forgetCopies(entryId: string, db?: MediaDb): Promise<void> {
  const media = db ?? (await openMediaDb());
  await deleteCopies(media, entryId);
  await updateCopies(media, (entries) => {
    delete entries[entryId];
  });
}

/** For clearing history: the copies of every entry no longer in it go, those of entries still there stay. */
export async function forgetCopiesExcept(present: ReadonlySet<string>, db?: MediaDb): Promise<void> {
  const media = db ?? (await openMediaDb());
  const stored = (await media.getAll('files')).map((file) => file.entryId);
  const recorded = Object.keys((await copiesItem.getValue()).entries);
  const gone = [...new Set([...stored, ...recorded])].filter((id) => !present.has(id));
  for (const id of gone) await deleteCopies(media, id);
  await updateCopies(media, (entries) => {
    for (const id of gone) delete entries[id];
  });
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
 * Once per worker start, before keeping anything: copies cut off half way are discarded and the entries
 * returned, so the caller keeps them again from the service while it still has them.
 */
export async function recoverInterruptedCopies(db?: MediaDb): Promise<string[]> {
  const media = db ?? (await openMediaDb());
  const cut = await discardIncomplete(media);
  const copies = await copiesItem.getValue();
  const stale = Object.entries(copies.entries)
    .filter(([, copy]) => copy.state === 'keeping')
    .map(([id]) => id);
  const again = [...new Set([...cut, ...stale])];
  await updateCopies(media, (entries) => {
    for (const id of again) delete entries[id];
  });
  return again;
}

/** A cap lowered in the settings takes effect at once. */
export async function applyCap(
  capBytes: number,
  running: ReadonlySet<string>,
  db?: MediaDb,
): Promise<string[]> {
  const media = db ?? (await openMediaDb());
  const evicted = await enforceCap(media, capBytes, running);
  await updateCopies(media, (entries) => {
    for (const id of evicted) entries[id] = { state: 'evicted', bytes: 0, files: entries[id]?.files ?? 0 };
  });
  return evicted;
}
