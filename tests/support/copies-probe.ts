export interface SeedCopy {
  entryId: string;
  /** Bytes of the file: a PNG's signature, then bytes that depend on `seed`, so no two copies are alike. */
  size: number;
  seed: number;
}

/**
 * Runs inside an extension page or worker: kept copies put where the extension keeps them (its media
 * database, and the `copies` item pages read), as the worker would have kept them. Several MB per copy are
 * made inside the browser, so no file crosses the test's connection to it. Self-contained.
 */
export async function writeKeptCopies(list: readonly SeedCopy[]): Promise<void> {
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
}

/**
 * Runs inside an extension page (Chromium's or Firefox's): each complete kept file's SHA-256, by entry id,
 * hashed from what the extension's media database holds, so no file crosses the test's connection to the
 * browser. Self-contained, as code handed to a page must be.
 */
export async function readKeptDigests(): Promise<Record<string, string>> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open('promptcast-media');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const all = <T>(request: IDBRequest<T>) =>
    new Promise<T>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  const files = (await all(db.transaction('files').objectStore('files').getAll())) as {
    entryId: string;
    index: number;
    complete: boolean;
  }[];
  const digests: Record<string, string> = {};
  for (const file of files.filter((each) => each.complete)) {
    const range = IDBKeyRange.bound(
      [file.entryId, file.index, 0],
      [file.entryId, file.index, Number.MAX_SAFE_INTEGER],
    );
    const chunks = (await all(db.transaction('chunks').objectStore('chunks').getAll(range))) as Blob[];
    const digest = await crypto.subtle.digest('SHA-256', await new Blob(chunks).arrayBuffer());
    digests[file.entryId] = [...new Uint8Array(digest)]
      .map((byte) => byte.toString(16).padStart(2, '0'))
      .join('');
  }
  db.close();
  return digests;
}
