import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { readCopy, readStoredCopyBytes } from '@/utils/copies/copy-reader';
import { openMediaDb, type StoredFile } from '@/utils/copies/media-db';
import { putFile } from '../support/media-db';

describe('the pages’ copy reader', () => {
  it('reads nothing before the background made the database, and does not stop it from making it', async () => {
    await expect(readCopy('e1', 0)).rejects.toThrow();
    const db = await openMediaDb();
    expect([...db.objectStoreNames].sort()).toEqual(['chunks', 'files']);
    await putFile(
      {
        entryId: 'e1',
        index: 0,
        url: 'https://media.example/a',
        contentType: 'image/png',
        bytes: 2,
        chunks: 1,
        complete: true,
        startedAt: 1,
      },
      [new Uint8Array([7, 8]).buffer],
    );
    const blob = await readCopy('e1', 0);
    expect(blob?.type).toBe('image/png');
    expect([...new Uint8Array(await (blob as Blob).arrayBuffer())]).toEqual([7, 8]);
  });

  it('serves no file the background has not finished', async () => {
    const file: StoredFile = {
      entryId: 'e2',
      index: 0,
      url: 'https://media.example/b',
      contentType: 'video/webm',
      bytes: 1,
      chunks: 2,
      complete: true,
      startedAt: 1,
    };
    await putFile(file, [new Uint8Array([1]).buffer]);
    expect(await readCopy('e2', 0)).toBeUndefined();
    await putFile({ ...file, complete: false });
    expect(await readCopy('e2', 0)).toBeUndefined();
  });

  it('reads a file’s bytes chunk by chunk, Blobs and buffers alike, and nothing of one whose chunks disagree', async () => {
    const db = await openMediaDb();
    const file: StoredFile = {
      entryId: 'e3',
      index: 0,
      url: 'https://media.example/c',
      contentType: 'video/mp4',
      bytes: 5,
      chunks: 2,
      complete: true,
      startedAt: 1,
    };
    await putFile(file, [new Blob([new Uint8Array([1, 2, 3])]), new Uint8Array([4, 5]).buffer]);
    expect([...((await readStoredCopyBytes(db, 'e3', 0)) ?? [])]).toEqual([1, 2, 3, 4, 5]);
    // A record that says more bytes (or fewer) than its chunks hold is no copy to back up.
    await putFile({ ...file, bytes: 6 });
    expect(await readStoredCopyBytes(db, 'e3', 0)).toBeUndefined();
    await putFile({ ...file, bytes: 4 });
    expect(await readStoredCopyBytes(db, 'e3', 0)).toBeUndefined();
    await putFile({ ...file, complete: false });
    expect(await readStoredCopyBytes(db, 'e3', 0)).toBeUndefined();
  });
});
