import { allFiles, deleteCopies } from './copy-store';
import type { MediaDb, StoredFile } from './media-db';

/**
 * Frees space until the copies fit `capBytes`: whole entries, the longest-kept first. Entries in `keep`
 * (running jobs, favourites, copies being written) are never touched. Returns the evicted entry ids, oldest first.
 */
export async function enforceCap(
  db: MediaDb,
  capBytes: number,
  keep: ReadonlySet<string>,
): Promise<string[]> {
  const byEntry = new Map<string, StoredFile[]>();
  let total = 0;
  for (const file of await allFiles(db)) {
    total += file.bytes;
    byEntry.set(file.entryId, [...(byEntry.get(file.entryId) ?? []), file]);
  }
  const candidates = [...byEntry.entries()]
    .filter(([entryId, files]) => !keep.has(entryId) && files.every((file) => file.complete))
    .map(([entryId, files]) => ({
      entryId,
      bytes: files.reduce((sum, file) => sum + file.bytes, 0),
      keptAt: Math.max(...files.map((file) => file.keptAt ?? 0)),
    }))
    .sort((a, b) => a.keptAt - b.keptAt);
  const evicted: string[] = [];
  for (const candidate of candidates) {
    if (total <= capBytes) break;
    await deleteCopies(db, candidate.entryId);
    total -= candidate.bytes;
    evicted.push(candidate.entryId);
  }
  return evicted;
}
