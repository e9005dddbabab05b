import * as z from 'zod/mini';
import { wholeNumber } from '../whole-number';
import type { StoredObject } from './target';

/**
 * What a backup holds and what the next run sends. Everything is an item with a logical name: a bucket of
 * history entries (`entries/17`), one file of a kept copy (`copy/<entry id>/0`), the library, the spend
 * ledger, the settings without keys. The manifest, sealed like any object, maps each to the digest and size
 * of what was sent and the object it went to; a run sends only what changed since, or what the target lost.
 */

/** Entries go in this many buckets by id: a change to one entry resends about 1/64 of the history. */
export const ENTRY_BUCKETS = 64;
/** Bounds what a planted manifest can make a run loop over: 10,000 entries' copies several times over. */
export const MAX_MANIFEST_ITEMS = 200_000;

/** FNV-1a of the id: stable across browsers and builds, which a bucket's name must be. */
export function entryBucket(id: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193) >>> 0;
  return hash % ENTRY_BUCKETS;
}

const manifestItemSchema = z.object({
  /** SHA-256 of the plaintext, hex. */
  digest: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
  size: wholeNumber(),
  /** The object it is stored in (backup-keys.ts objectName). */
  name: z.string().check(z.regex(/^[0-9a-f]{32}$/)),
});
export type ManifestItem = z.infer<typeof manifestItemSchema>;

const manifestSchema = z.object({
  v: z.literal(1),
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

export const emptyManifest = (): Manifest => ({ v: 1, items: {} });

/** An item as it is here now. */
export interface LocalItem {
  logical: string;
  digest: string;
  size: number;
}

export interface BackupPlan {
  /** Items to send: new, changed, or lost by the target (listed smaller, or not at all). */
  send: LocalItem[];
  /**
   * Objects the new manifest no longer names, removed from the target only once it is stored: an entry
   * deleted here, the previous object of a changed item. Never anything local.
   */
  unreferenced: string[];
}

/**
 * `sealedSize(plainSize)` is what the target should list for an item stored whole (sealed-object.ts): one it
 * lists otherwise was cut short and is sent again.
 */
export function planBackup(
  local: readonly LocalItem[],
  manifest: Manifest,
  listing: readonly StoredObject[],
  sealedSize: (plainSize: number) => number,
): BackupPlan {
  const listed = new Map(listing.map((object) => [object.name, object.size]));
  const send = local.filter((item) => {
    const held = manifest.items[item.logical];
    return (
      !held ||
      held.digest !== item.digest ||
      held.size !== item.size ||
      listed.get(held.name) !== sealedSize(held.size)
    );
  });
  const now = new Map(local.map((item) => [item.logical, item]));
  // An item's object is named after its digest too (versionedName), so a changed one goes to a new object
  // and the old stays readable until the manifest naming the new one is stored.
  const unreferenced = Object.entries(manifest.items)
    .filter(([logical, held]) => now.get(logical)?.digest !== held.digest)
    .map(([, held]) => held.name);
  return { send, unreferenced };
}

/** The logical name an item's object is named after: its digest included, so each version has its own. */
export const versionedName = (item: Pick<LocalItem, 'logical' | 'digest'>): string =>
  `${item.logical}@${item.digest}`;
