/**
 * Kept copies put where the extension keeps them (its media database, and the `copies` item pages read),
 * as the worker would have kept them, and read back as digests: several MB per copy are made and hashed
 * inside the browser, so no file crosses the test's connection to it.
 */
import { createHash } from 'node:crypto';
import { readKeptDigests } from '../../support/copies-probe';
import type { ExtensionUnderTest } from './extension';

export interface SeedCopy {
  entryId: string;
  /** Bytes of the file: a PNG's signature, then bytes that depend on `seed`, so no two copies are alike. */
  size: number;
  seed: number;
}

/** The file a seeded copy holds, made the same way the browser makes it. */
export function seededBytes({ size, seed }: Pick<SeedCopy, 'size' | 'seed'>): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + seed) & 0xff;
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
  return bytes;
}

export const digestOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export async function seedKeptCopies(
  extension: ExtensionUnderTest,
  copies: readonly SeedCopy[],
): Promise<void> {
  const worker = await extension.worker();
  await worker.evaluate(async (list) => {
    // Functions cannot be handed to the browser (its pages allow no eval): each evaluation opens its own.
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('promptcast-media');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const CHUNK = 1024 * 1024;
    for (const copy of list) {
      const bytes = new Uint8Array(copy.size);
      for (let i = 0; i < copy.size; i++) bytes[i] = (i * 31 + copy.seed) & 0xff;
      bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      const chunks = Math.ceil(copy.size / CHUNK);
      const tx = db.transaction(['files', 'chunks'], 'readwrite');
      for (let at = 0; at < chunks; at++)
        tx.objectStore('chunks').put(new Blob([bytes.subarray(at * CHUNK, (at + 1) * CHUNK)]), [
          copy.entryId,
          0,
          at,
        ]);
      tx.objectStore('files').put({
        entryId: copy.entryId,
        index: 0,
        url: `https://media.example/${copy.entryId}.png`,
        contentType: 'image/png',
        bytes: copy.size,
        chunks,
        complete: true,
        startedAt: Date.now(),
        keptAt: Date.now(),
      });
      await new Promise((resolve, reject) => {
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
      });
    }
    db.close();
    const stored = (await chrome.storage.local.get('copies')).copies as
      | { entries: Record<string, unknown>; usedBytes: number }
      | undefined;
    const entries = { ...(stored?.entries ?? {}) };
    let usedBytes = stored?.usedBytes ?? 0;
    for (const copy of list) {
      entries[copy.entryId] = { state: 'kept', bytes: copy.size, files: 1 };
      usedBytes += copy.size;
    }
    await chrome.storage.local.set({ copies: { entries, usedBytes } });
  }, copies);
}

/** Each complete kept file's SHA-256, by entry id, hashed in an extension page from what the database holds. */
export async function keptCopyDigests(extension: ExtensionUnderTest): Promise<Record<string, string>> {
  const page = await extension.context.newPage();
  try {
    await page.goto(`${extension.origin}/manifest.json`);
    return await page.evaluate(readKeptDigests);
  } finally {
    await page.close();
  }
}
