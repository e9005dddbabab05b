// @vitest-environment node
/**
 * What this browser holds, as a backup run sends it: entries, kept copies (only complete ones, read only
 * when sent), the spend ledger and the setup, sent to Debian's Apache with mod_dav and read back.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { localBackupSource } from '../../../utils/backup/background/backup-source';
import { newBackup } from '../../../utils/backup/backup-header';
import { readItem, readManifest } from '../../../utils/backup/backup-objects';
import { runBackup } from '../../../utils/backup/backup-run';
import * as copyReader from '../../../utils/copies/copy-reader';
import { openMediaDb, type StoredFile } from '../../../utils/copies/media-db';
import { entryCharge } from '../../../utils/spend/ledger';
import { putCharges, testEntry, testHistoryStore } from '../support/history-db';
import { putFile } from '../support/media-db';
import { memoryUploads } from '../support/parts-uploads';
import { webdavServerForFile } from '../support/webdav';

const dav = webdavServerForFile();

const MB = 1024 * 1024;
const file = (entryId: string, bytes: number, complete = true): StoredFile => ({
  entryId,
  index: 0,
  url: `https://media.example/${entryId}.webm`,
  contentType: 'video/webm',
  bytes,
  chunks: Math.ceil(bytes / MB),
  complete,
  startedAt: 1,
  keptAt: 2,
});
const chunksOf = (bytes: Uint8Array) =>
  Array.from({ length: Math.ceil(bytes.length / MB) }, (_, i) => bytes.slice(i * MB, (i + 1) * MB).buffer);

describe('what this browser holds, as a backup', () => {
  it('backs up entries, complete copies, the ledger and the setup, and reads only the copies it sends', async () => {
    const entries = Array.from({ length: 300 }, (_, i) =>
      i % 7 === 0 ? testEntry(i, { favourite: true }) : testEntry(i),
    );
    const { store, open } = testHistoryStore(entries);
    const db = await open();
    const charge = entryCharge(
      testEntry(1),
      'profile-1',
      { origin: 'https://service.example', keyId: 'key-1' },
      1500,
    );
    await putCharges(db, [charge]);
    const video = new Uint8Array(3 * MB + 5).map((_, i) => (i * 13) & 0xff);
    await putFile(file('e1', video.length), chunksOf(video));
    await putFile(file('e2', 10, false), [new Uint8Array(10).buffer]);
    const setup = { settings: { pollIntervalSec: 5 }, profiles: null, library: { v: 1, prompts: [] } };
    const source = () =>
      localBackupSource({ history: store, historyDb: open, mediaDb: openMediaDb, setup: async () => setup });

    const { target } = dav.folder('source');
    const { header, keys } = await newBackup({ passphrase: 'source test passphrase' });
    const deps = { target, header, keys, writer: 'w', now: () => 5, uploads: memoryUploads() };
    const reads = vi.spyOn(copyReader, 'readStoredCopyBytes');
    await runBackup(deps, await source());
    expect(reads).toHaveBeenCalledTimes(1);

    const manifest = await readManifest(target, keys);
    const logical = Object.keys(manifest?.items ?? {});
    // The interrupted copy of e2 is not a file of the backup.
    expect(logical.filter((name) => name.startsWith('copy/'))).toEqual(['copy/e1/0']);
    expect(logical).toEqual(expect.arrayContaining(['copies', 'ledger', 'setup']));
    const read = async (name: string) => {
      const item = manifest?.items[name];
      return item && (await readItem(target, keys, item));
    };
    expect(Buffer.from((await read('copy/e1/0')) ?? []).equals(Buffer.from(video))).toBe(true);
    const text = async (name: string) => JSON.parse(new TextDecoder().decode(await read(name))) as unknown;
    // What a restore writes back of each file: what it is, not how far its copy got.
    const { chunks: _, complete: __, startedAt: ___, ...record } = file('e1', video.length);
    expect(await text('copies')).toEqual([record]);
    expect(await text('ledger')).toMatchObject({ charges: [{ id: 'e1', milli: 1500 }] });
    expect(await text('setup')).toEqual(setup);
    expect(manifest?.entries).toBe(300);

    // Nothing changed: the next run reads no copy at all.
    reads.mockClear();
    expect(await runBackup(deps, await source())).toMatchObject({ sentItems: 0 });
    expect(reads).not.toHaveBeenCalled();
  });
});
