// @vitest-environment node
/**
 * The backup to an S3 bucket as the options page drives it, through the background's own handlers, over
 * real HTTP to Ceph's radosgw (tests/support/s3-server.ts): set up, run, and restored in another browser,
 * a 12 MB kept copy byte for byte.
 */
import { describe, expect, it } from 'vitest';
import { backupStatusItem } from '../../../utils/backup/backup-storage';
import { readStoredCopyBytes } from '../../../utils/copies/copy-reader';
import { deleteAllCopies } from '../../../utils/copies/copy-store';
import { openMediaDb, type StoredFile } from '../../../utils/copies/media-db';
import { makeBackgroundApp } from '../support/background-app';
import { testEntry } from '../support/history-db';
import { putFile } from '../support/media-db';
import { referenceServiceForFile } from '../support/reference-service';
import { s3ServerForFile } from '../support/s3';

const service = referenceServiceForFile();
const s3 = s3ServerForFile();
const PASSPHRASE = 'an s3 backup passphrase';
const MB = 1024 * 1024;

describe('the backup to an S3 bucket', () => {
  it('is set up, run, and restored in another browser with its kept copy byte for byte', async () => {
    const a = await makeBackgroundApp(service);
    await a.items.history.setValue(
      Array.from({ length: 80 }, (_, i) =>
        testEntry(i, { prompt: `heron ${i}`, ...(i === 3 ? { kind: 'video' as const } : {}) }),
      ),
    );
    const bytes = new Uint8Array(12 * MB).map((_, at) => (at * 13) & 0xff);
    const file: StoredFile = {
      entryId: 'e3',
      index: 0,
      url: 'https://media.example/heron.mp4',
      contentType: 'video/mp4',
      bytes: bytes.length,
      chunks: 12,
      complete: true,
      startedAt: 1,
      keptAt: 2,
    };
    await putFile(
      file,
      Array.from({ length: 12 }, (_, i) => bytes.slice(i * MB, (i + 1) * MB).buffer),
    );
    const { place, credential, target } = await s3.bucket();
    expect(
      await a.app.handlers.setUpBackup({
        type: 'setUpBackup',
        place,
        credential,
        passphrase: PASSPHRASE,
        auto: true,
      }),
    ).toEqual({ saved: true });
    await a.app.backup.run();
    const status = await backupStatusItem.getValue();
    expect(status.failure).toBeUndefined();
    expect(status.last?.held.bytes).toBeGreaterThan(12 * MB);
    // What the bucket holds: random names only, under the prefix.
    const names = (await target.list(100)).map((object) => object.name);
    expect(names.filter((name) => !/^[0-9a-f]{32}$/.test(name))).toEqual(['promptcast-backup.json']);

    await deleteAllCopies(await openMediaDb());
    const b = await makeBackgroundApp(service, {}, undefined, true, 'b:');
    const request = { place, credential, passphrase: PASSPHRASE };
    expect(await b.app.handlers.previewRestore({ type: 'previewRestore', ...request })).toMatchObject({
      entries: 80,
      copies: 1,
    });
    await b.app.handlers.startRestore({ type: 'startRestore', ...request });
    await b.app.backup.run();
    expect((await backupStatusItem.getValue()).restore?.done).toMatchObject({ entries: 80, copies: 1 });
    expect(await b.items.history.getValue()).toHaveLength(80);
    const restored = await readStoredCopyBytes(await openMediaDb(), 'e3', 0);
    expect(Buffer.from(restored ?? []).equals(Buffer.from(bytes))).toBe(true);
  }, 60_000);
});
