// @vitest-environment node
/**
 * A backup restored into another browser's stores, over real HTTP from Debian's Apache with mod_dav: the
 * history merged without duplicates, the copies byte for byte, the ledger, the setup; a restore stopped
 * midway continued by running it again; a wrong passphrase restoring nothing.
 */
import 'fake-indexeddb/auto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type RestoreDeps, restoreBackup } from '../../../utils/backup/background/backup-restore';
import { localBackupSource } from '../../../utils/backup/background/backup-source';
import { headerBytes, newBackup, openBackup } from '../../../utils/backup/backup-header';
import type { SetupItem } from '../../../utils/backup/backup-items';
import { readHeader, readManifest } from '../../../utils/backup/backup-objects';
import { type Manifest, previewOf } from '../../../utils/backup/backup-plan';
import { runBackup } from '../../../utils/backup/backup-run';
import type { BackupTarget } from '../../../utils/backup/target';
import { copiesItem } from '../../../utils/copies/copies-item';
import { readStoredCopy } from '../../../utils/copies/copy-reader';
import { deleteAllCopies } from '../../../utils/copies/copy-store';
import { openMediaDb, type StoredFile } from '../../../utils/copies/media-db';
import type { HistoryEntry } from '../../../utils/history/schema';
import { request } from '../../../utils/idb/request';
import { done } from '../../../utils/idb/transaction';
import { entryCharge } from '../../../utils/spend/ledger';
import { putCharges, testEntry, testHistoryStore } from '../support/history-db';
import { putFile } from '../support/media-db';
import { memoryUploads } from '../support/parts-uploads';
import { webdavServerForFile } from '../support/webdav';

const PASSPHRASE = 'restore test passphrase';
const MB = 1024 * 1024;
const ACCOUNT = { origin: 'https://service.example', keyId: 'key-1' };

const dav = webdavServerForFile();
let target: BackupTarget;
let manifest: Manifest;
const setup: SetupItem = {
  settings: { historyLimit: 5000 },
  profiles: { activeId: 'p' },
  library: { v: 1, prompts: [] },
};
/** Browser A's entries: every 7th a favourite, every 11th in a collection. */
const history: HistoryEntry[] = Array.from({ length: 300 }, (_, i) =>
  testEntry(i, {
    ...(i % 7 === 0 ? { favourite: true as const } : {}),
    ...(i % 11 === 0 ? { collections: ['herons'] } : {}),
  }),
);
const copyBytes = (i: number, size: number) => new Uint8Array(size).map((_, at) => (at * 17 + i) & 0xff);
/** e1, e2, e3 kept: e2's video in two files, e3's 3 MB. */
const kept: { file: StoredFile; bytes: Uint8Array<ArrayBuffer> }[] = [
  ['e1', 0, 20_000],
  ['e2', 0, 50_000],
  ['e2', 1, 60_000],
  ['e3', 0, 3 * MB + 1],
].map(([entryId, index, size]) => {
  const bytes = copyBytes(Number(index) + String(entryId).length, Number(size));
  // A PNG's signature, so the restored type is proven by the bytes.
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const file: StoredFile = {
    entryId: String(entryId),
    index: Number(index),
    url: `https://media.example/${entryId}-${index}.png`,
    contentType: 'image/png',
    bytes: bytes.length,
    chunks: Math.ceil(bytes.length / MB),
    complete: true,
    startedAt: 1,
    keptAt: 2,
  };
  return { file, bytes };
});
const chunksOf = (bytes: Uint8Array) =>
  Array.from({ length: Math.ceil(bytes.length / MB) }, (_, i) => bytes.slice(i * MB, (i + 1) * MB).buffer);

/** Browser A backs up; then its copies are gone, as in a new browser profile. */
beforeAll(async () => {
  ({ target } = dav.folder('restore'));
  const a = testHistoryStore(history);
  const db = await a.open();
  await putCharges(db, [
    entryCharge(testEntry(1), 'p', ACCOUNT, 1500),
    entryCharge(testEntry(2, { kind: 'video' }), 'p', ACCOUNT, 7250),
  ]);
  // A day whose charges were compacted away: only its sum is left.
  const sums = db.transaction('spendDays', 'readwrite');
  const summed = done(sums);
  sums
    .objectStore('spendDays')
    .put({ profile: 'p', day: '2020-01-05', images: 3000, videos: 0, mixed: 0, count: 2 });
  await summed;
  for (const { file, bytes } of kept) await putFile(file, chunksOf(bytes));
  const { header, keys } = await newBackup({ passphrase: PASSPHRASE });
  await runBackup(
    { target, header, keys, writer: 'browser-a', now: () => 1_750_000_000_000, uploads: memoryUploads() },
    await localBackupSource({
      history: a.store,
      historyDb: a.open,
      mediaDb: openMediaDb,
      setup: async () => setup,
    }),
  );
  await deleteAllCopies(await openMediaDb());
  const opened = (await openBackup(headerBytes((await readHeader(target)) ?? header), PASSPHRASE)).keys;
  manifest = (await readManifest(target, opened)) as Manifest;
}, 60_000);
beforeEach(() => fakeBrowser.reset());

/** A new browser: its own history (holding `entries`) and ledger, and no copies. */
async function newBrowser(entries: HistoryEntry[] = []) {
  await deleteAllCopies(await openMediaDb());
  const b = testHistoryStore(entries);
  const applied: SetupItem[] = [];
  const { keys } = await openBackup(headerBytes((await readHeader(target)) as never), PASSPHRASE);
  const deps: RestoreDeps = {
    target,
    keys,
    history: b.store,
    historyDb: b.open,
    mediaDb: openMediaDb,
    applySetup: async (item) => {
      applied.push(item);
    },
    allowed: async () => ({ limit: 5000, removeUpTo: 0 }),
    now: () => 1_760_000_000_000,
  };
  return { ...b, deps, applied };
}

const copyOf = async (entryId: string, index: number) => {
  const blob = await readStoredCopy(await openMediaDb(), entryId, index);
  return blob && Buffer.from(await blob.arrayBuffer());
};

describe('restoring a backup into a new browser', () => {
  it('shows what the backup holds before anything is restored', () => {
    expect(previewOf(manifest)).toMatchObject({ entries: 300, copies: 4, at: 1_750_000_000_000 });
    expect(previewOf(manifest).bytes).toBeGreaterThan(3 * MB + 130_000);
  });

  it('restores the history, favourites, collections, copies byte for byte, the ledger and the setup', async () => {
    const b = await newBrowser();
    const outcome = await restoreBackup(b.deps, manifest);
    expect(outcome).toMatchObject({ history: { applied: true, adding: 300 }, charges: 2, copies: 3 });
    const entries = await b.entries();
    expect(entries.map((entry) => entry.id).sort()).toEqual(history.map((entry) => entry.id).sort());
    expect(entries.filter((entry) => entry.favourite)).toHaveLength(
      history.filter((entry) => entry.favourite).length,
    );
    expect(entries.find((entry) => entry.id === 'e11')?.collections).toEqual(['herons']);
    // Newest first, as before.
    expect(entries[0]?.id).toBe('e299');
    for (const { file, bytes } of kept)
      expect((await copyOf(file.entryId, file.index))?.equals(Buffer.from(bytes))).toBe(true);
    expect((await copiesItem.getValue()).entries).toMatchObject({
      e1: { state: 'kept', files: 1, bytes: 20_000 },
      e2: { state: 'kept', files: 2, bytes: 110_000 },
      e3: { state: 'kept', files: 1 },
    });
    const db = await b.open();
    const charges = await request(db.transaction('ledger').objectStore('ledger').getAll());
    expect(charges.map((charge) => [charge.id, charge.milli])).toEqual([
      ['e1', 1500],
      ['e2', 7250],
    ]);
    const days = await request(db.transaction('spendDays').objectStore('spendDays').getAll());
    expect(days.find((sum) => sum.day === '2020-01-05')).toMatchObject({ images: 3000, count: 2 });
    expect(b.applied).toEqual([setup]);
  });

  it('merges into a history that has entries: none twice, the one here kept as it is, the ledger not counted twice', async () => {
    const mine = testEntry(1, { prompt: 'edited here' });
    const b = await newBrowser([mine, testEntry(5000)]);
    await putCharges(await b.open(), [entryCharge(testEntry(1), 'p', ACCOUNT, 1500)]);
    const outcome = await restoreBackup(b.deps, manifest);
    expect(outcome).toMatchObject({ history: { adding: 299, skipped: 1 }, charges: 1 });
    const entries = await b.entries();
    expect(entries).toHaveLength(301);
    expect(entries.find((entry) => entry.id === 'e1')?.prompt).toBe('edited here');
    // Again: nothing is added twice.
    expect(await restoreBackup(b.deps, manifest)).toMatchObject({
      history: { adding: 0 },
      charges: 0,
      copies: 0,
    });
    const db = await b.open();
    expect(await request(db.transaction('ledger').objectStore('ledger').count())).toBe(2);
  });

  it('continues a restore stopped midway, reading only the copies not here yet', async () => {
    const b = await newBrowser();
    const stop = new AbortController();
    await expect(
      restoreBackup(
        {
          ...b.deps,
          signal: stop.signal,
          onProgress: (progress) => {
            if (progress.doneBytes > 0) stop.abort();
          },
        },
        manifest,
      ),
    ).rejects.toThrow();
    const first = (await copiesItem.getValue()).entries;
    expect(Object.keys(first)).toHaveLength(1);
    const outcome = await restoreBackup(b.deps, manifest);
    expect(outcome).toMatchObject({ history: { adding: 0, skipped: 300 }, copies: 2 });
    for (const { file, bytes } of kept)
      expect((await copyOf(file.entryId, file.index))?.equals(Buffer.from(bytes))).toBe(true);
  });

  it('refuses a wrong passphrase before anything is read', async () => {
    const header = await readHeader(target);
    await expect(openBackup(headerBytes(header as never), 'not the passphrase')).rejects.toMatchObject({
      info: { kind: 'wrong_passphrase' },
    });
  });
});
