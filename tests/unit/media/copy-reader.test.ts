import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { readCopy } from '@/utils/copies/copy-reader';
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
});
