import type { HistoryEntry } from '../history/schema';
import { ENTRY_BUCKETS, entryBucket, type LocalItem } from './backup-plan';

/** An item with the bytes it is sent as. */
export interface ItemBytes extends LocalItem {
  bytes: Uint8Array<ArrayBuffer>;
}

export async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The history as 64 items (`entries/0` … `entries/63`), each the JSON of its bucket's entries in id order:
 * the same entries give the same bytes whatever order they were read in, so an unchanged bucket is not sent
 * again. A bucket with no entries is no item, so one emptied here is freed on the target (backup-plan.ts).
 */
export async function entryBucketItems(entries: readonly HistoryEntry[]): Promise<ItemBytes[]> {
  const buckets = Array.from({ length: ENTRY_BUCKETS }, () => [] as HistoryEntry[]);
  for (const entry of entries) buckets[entryBucket(entry.id)]?.push(entry);
  const items: ItemBytes[] = [];
  for (const [index, bucket] of buckets.entries()) {
    if (bucket.length === 0) continue;
    bucket.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const bytes = new TextEncoder().encode(JSON.stringify(bucket));
    items.push({ logical: `entries/${index}`, digest: await sha256Hex(bytes), size: bytes.length, bytes });
  }
  return items;
}
