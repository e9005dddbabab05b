import * as z from 'zod/mini';
import { wholeNumber } from '../whole-number';
import type { StoredObject } from './target';

/**
 * What a backup holds and what the next run sends. Everything is an item with a logical name: a bucket of
 * history entries (`entries/17`), one file of a kept copy (`copy/<entry id>/0`), the library, the spend
 * ledger, the settings without keys. Each version of an item is stored under its own object, named by an
 * HMAC of the logical name and the version's digest (versionedName, backup-keys.ts objectName): so the
 * target's listing alone says which versions it holds whole, and a run cut short anywhere (a worker stop, a
 * browser restart) is continued by the next one sending only what the listing lacks. The manifest, sealed
 * like any object and stored last, says which objects make the backup.
 */

/** Entries go in this many buckets by id: a change to one entry resends about 1/64 of the history. */
export const ENTRY_BUCKETS = 64;
/** Bounds what a planted manifest or listing can make a run loop over: 10,000 entries' copies several times over. */
export const MAX_MANIFEST_ITEMS = 200_000;
/** The manifest's own logical name, so its object name too is one only the keys give. */
export const MANIFEST_LOGICAL = 'manifest';
/** An object name of this backup (objectName): what a run may remove, and nothing else in the folder. */
const OBJECT_NAME = /^[0-9a-f]{32}$/;

/** FNV-1a of the id: stable across browsers and builds, which a bucket's name must be. */
export function entryBucket(id: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193) >>> 0;
  return hash % ENTRY_BUCKETS;
}

const manifestItemSchema = z.object({
  /** The version's digest, hex: SHA-256 of the bytes, or of what identifies a file that never changes. */
  digest: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
  size: wholeNumber(),
  /** The object it is stored in (backup-keys.ts objectName). */
  name: z.string().check(z.regex(OBJECT_NAME)),
});
export type ManifestItem = z.infer<typeof manifestItemSchema>;

const manifestSchema = z.object({
  v: z.literal(1),
  /**
   * The browser that writes this backup (a random id of its own): another browser pointed at the same
   * folder would otherwise replace the backup with what it holds, so it is told to restore first.
   */
  writer: z.string().check(z.minLength(1), z.maxLength(64)),
  /** When the run that stored it began, for the person's "last backup" and a restore's preview. */
  at: wholeNumber(),
  /** History entries in the buckets: a preview's count, without opening them. */
  entries: wholeNumber(),
  items: z.record(z.string().check(z.maxLength(200)), manifestItemSchema),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** A manifest as a target gave it (opened, so written by this backup's keys, yet bounded all the same). */
export function parseManifest(value: unknown): Manifest | undefined {
  // Counted before any item is checked, so a huge one costs one pass over its keys.
  const items = typeof value === 'object' && value !== null && 'items' in value ? value.items : undefined;
  if (typeof items !== 'object' || items === null || Object.keys(items).length > MAX_MANIFEST_ITEMS)
    return undefined;
  const parsed = manifestSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** An item as it is here now. */
export interface LocalItem {
  logical: string;
  digest: string;
  size: number;
}

/** An item with the object its version is stored under (objectName of versionedName). */
export interface NamedItem extends LocalItem {
  name: string;
}

export interface BackupPlan {
  /** Items the target does not list whole: new, changed, lost, or cut short by a run that was stopped. */
  send: NamedItem[];
  /**
   * Objects of this backup no item names any more: an entry's bucket emptied here, a changed item's earlier
   * version, an object a stopped run left. Removed from the target only once the new manifest is stored,
   * so a run cut short leaves the previous backup whole. Never anything local, nor a file of another name.
   */
  unreferenced: string[];
}

/**
 * `sealedSize(plainSize)` is what the target lists for an item stored whole (sealed-object.ts); `keep` is
 * the manifest's own object, which no item names.
 */
export function planBackup(
  local: readonly NamedItem[],
  listing: readonly StoredObject[],
  sealedSize: (plainSize: number) => number,
  keep: string,
): BackupPlan {
  const listed = new Map(listing.map((object) => [object.name, object.size]));
  const send = local.filter((item) => listed.get(item.name) !== sealedSize(item.size));
  const named = new Set(local.map((item) => item.name));
  const unreferenced = listing
    .map((object) => object.name)
    .filter((name) => OBJECT_NAME.test(name) && name !== keep && !named.has(name));
  return { send, unreferenced };
}

/** The manifest naming `items`, as a run stores it once they are all on the target. */
export function manifestOf(
  items: readonly NamedItem[],
  meta: Pick<Manifest, 'writer' | 'at' | 'entries'>,
): Manifest {
  const entries: Manifest['items'] = {};
  for (const { logical, digest, size, name } of items) entries[logical] = { digest, size, name };
  return { v: 1, ...meta, items: entries };
}

/** What a backup holds, shown before anything is restored. */
export interface RestorePreview {
  entries: number;
  copies: number;
  /** Plain bytes of everything it holds. */
  bytes: number;
  /** When the run that stored it began. */
  at: number;
}

export function previewOf(manifest: Manifest): RestorePreview {
  let copies = 0;
  let bytes = 0;
  for (const [logical, item] of Object.entries(manifest.items)) {
    if (logical.startsWith('copy/')) copies++;
    bytes += item.size;
  }
  return { entries: manifest.entries, copies, bytes, at: manifest.at };
}

/** The logical name an item's object is named after: its digest included, so each version has its own. */
export const versionedName = (item: Pick<LocalItem, 'logical' | 'digest'>): string =>
  `${item.logical}@${item.digest}`;
