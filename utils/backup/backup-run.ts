import { type BackupHeader, sameHeader } from './backup-header';
import { type BackupKeys, objectName } from './backup-keys';
import { claimTarget, readManifest, sealedBody, writeHeader, writeManifest } from './backup-objects';
import {
  type LocalItem,
  MANIFEST_LOGICAL,
  MAX_MANIFEST_ITEMS,
  manifestOf,
  type NamedItem,
  planBackup,
  versionedName,
} from './backup-plan';
import { newHeader, sealedBytes } from './sealed-object';
import { type BackupTarget, targetError } from './target';

/** A listing holds at most every item twice (a version and the one replacing it), and the header. */
const MAX_LISTED = 2 * MAX_MANIFEST_ITEMS + 16;

/** An item of what this browser holds, read only if it is sent. */
export interface SourceItem extends LocalItem {
  /** Its bytes; undefined when it went meanwhile (a copy freed, say), so it is left out of this backup. */
  read(): Promise<Uint8Array<ArrayBuffer> | undefined>;
}

export interface BackupSource {
  /** History entries in the `entries/` items. */
  entries: number;
  items: readonly SourceItem[];
}

export interface BackupProgress {
  /** Items and their plain bytes to send in this run, and how many of them are on the target. */
  items: number;
  bytes: number;
  sentItems: number;
  sentBytes: number;
}

export interface BackupRunDeps {
  target: BackupTarget;
  header: BackupHeader;
  keys: BackupKeys;
  /** This browser's id as the backup's writer (backup-plan.ts Manifest.writer). */
  writer: string;
  /** The writer this browser took the backup over from by restoring it: its manifest may be replaced. */
  adopts?: string | undefined;
  now: () => number;
  onProgress?: (progress: BackupProgress) => void;
  /** Checked between objects: a stop asked for, or a target changed, ends the run there. */
  signal?: AbortSignal;
  /** Where the upload in parts under way is kept, for the run after a worker stop to continue it. */
  uploads: PartsUploads;
}

/**
 * The upload in parts under way (one at a time: a run sends its objects one after another): the object's
 * name, the header it was sealed under, and the target's id of the upload.
 */
export interface PartsUpload {
  name: string;
  header: Uint8Array<ArrayBuffer>;
  uploadId: string;
}

export interface PartsUploads {
  get(): Promise<PartsUpload | undefined>;
  set(upload: PartsUpload | undefined): Promise<void>;
}

export interface BackupOutcome {
  /** When the run began: the manifest's date. */
  at: number;
  sentItems: number;
  sentBytes: number;
  /** What the backup holds once the run is done: its items and their plain bytes. */
  heldItems: number;
  heldBytes: number;
  /** Objects of earlier versions removed from the target. */
  removed: number;
}

/**
 * One backup run: sends what the target does not hold whole, then stores the manifest naming everything,
 * then removes what no item names any more. A run stopped anywhere (the worker killed, the browser closed,
 * the network gone) leaves the previous backup whole; the next run lists the target and sends only what is
 * still missing. Nothing local is read but what is sent, and nothing local is changed.
 */
export async function runBackup(deps: BackupRunDeps, source: BackupSource): Promise<BackupOutcome> {
  const { target, keys, signal } = deps;
  const at = deps.now();
  const targetHeader = await claimTarget(target, deps.header);
  const previous = await readManifest(target, keys);
  // Another browser's backup in the same folder would be replaced by this one's: it is restored first.
  if (previous && previous.writer !== deps.writer && previous.writer !== deps.adopts)
    throw targetError('other_browser');
  // The same backup, rewrapped here for a new passphrase (the key lock's, which it shares): the target is
  // given the header that opens with it, before anything else, as a new browser would need it first.
  if (!sameHeader(targetHeader, deps.header)) await writeHeader(target, deps.header);
  if (source.items.length > MAX_MANIFEST_ITEMS) throw targetError('full');
  const named: NamedItem[] = [];
  for (const item of source.items) named.push({ ...item, name: await objectName(keys, versionedName(item)) });
  const listing = await target.list(MAX_LISTED);
  const plan = planBackup(named, listing, sealedBytes, await objectName(keys, MANIFEST_LOGICAL));

  const progress: BackupProgress = {
    items: plan.send.length,
    bytes: plan.send.reduce((sum, item) => sum + item.size, 0),
    sentItems: 0,
    sentBytes: 0,
  };
  deps.onProgress?.({ ...progress });
  const gone = new Set<string>();
  let sentBytes = 0;
  const byLogical = new Map(source.items.map((item) => [item.logical, item]));
  // An upload in parts a stopped run left: its object, sealed again under the same header, continues it.
  const stopped = await deps.uploads.get();
  const inParts = (size: number) => target.partBytes !== undefined && sealedBytes(size) > target.partBytes;
  // The next item is read and sealed while the one before it uploads, so the line is never left waiting for
  // the database and the cipher. Undefined: changed or gone since it was counted (the next run takes it).
  const sealedNext = (index: number) => {
    const item = plan.send[index];
    if (!item) return undefined;
    const header = inParts(item.size)
      ? stopped?.name === item.name
        ? stopped.header
        : newHeader()
      : undefined;
    const body = (async () => {
      const bytes = await byLogical.get(item.logical)?.read();
      return bytes?.length === item.size ? sealedBody(keys, item.name, bytes, header) : undefined;
    })();
    // Awaited below; an upload that fails first must not leave its rejection unhandled.
    body.catch(() => undefined);
    return { body, header };
  };
  let next = sealedNext(0);
  for (const [index, item] of plan.send.entries()) {
    signal?.throwIfAborted();
    const sealed = next;
    const body = await sealed?.body;
    next = sealedNext(index + 1);
    if (!body) gone.add(item.logical);
    else {
      const header = sealed?.header;
      const resume = header && {
        uploadId: stopped?.name === item.name ? stopped.uploadId : undefined,
        began: (uploadId: string) => deps.uploads.set({ name: item.name, header, uploadId }),
      };
      await target.put(item.name, body, resume);
      if (resume) await deps.uploads.set(undefined);
      sentBytes += item.size;
    }
    progress.sentItems += 1;
    progress.sentBytes += item.size;
    deps.onProgress?.({ ...progress });
  }

  signal?.throwIfAborted();
  const listed = new Map(listing.map((object) => [object.name, object.size]));
  const held: NamedItem[] = [];
  for (const item of named) {
    if (!gone.has(item.logical)) held.push(item);
    else {
      // What the backup held of it stays until a run finds it whole here again.
      const before = previous?.items[item.logical];
      if (before && listed.get(before.name) === sealedBytes(before.size))
        held.push({ ...before, logical: item.logical });
    }
  }
  await writeManifest(target, keys, manifestOf(held, { writer: deps.writer, at, entries: source.entries }));
  const stillNamed = new Set(held.map((item) => item.name));
  let removed = 0;
  for (const name of plan.unreferenced.filter((each) => !stillNamed.has(each))) {
    // A version left behind costs space, not the backup: the next run tries again.
    await target.remove(name).then(
      () => removed++,
      () => undefined,
    );
  }
  // Parts a stopped worker left of an upload no run will continue (every object is sent): the next run tries
  // again too.
  await deps.uploads.set(undefined);
  await target.dropUnfinished().catch(() => undefined);
  return {
    at,
    sentItems: progress.sentItems - gone.size,
    sentBytes,
    heldItems: held.length,
    heldBytes: held.reduce((sum, item) => sum + item.size, 0),
    removed,
  };
}
