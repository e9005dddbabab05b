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
