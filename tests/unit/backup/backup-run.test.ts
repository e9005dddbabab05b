// @vitest-environment node
/**
 * Backup runs over real HTTP, against Debian's Apache with mod_dav (tests/support/webdav-server.ts): what
 * each run sends, what the folder holds afterwards, and what a run stopped midway leaves.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type BackupHeader, newBackup, openBackup } from '../../../utils/backup/backup-header';
import type { BackupKeys } from '../../../utils/backup/backup-keys';
import { readHeader, readItem, readManifest } from '../../../utils/backup/backup-objects';
import { type BackupSource, runBackup, type SourceItem } from '../../../utils/backup/backup-run';
import { entryBucketItems, sha256Hex } from '../../../utils/backup/local-items';
import type { BackupTarget } from '../../../utils/backup/target';
import type { HistoryEntry } from '../../../utils/history/schema';
import { memoryUploads } from '../support/parts-uploads';
import { webdavServerForFile } from '../support/webdav';

const PASSPHRASE = 'a long backup passphrase';
const dav = webdavServerForFile();
let backup: { header: BackupHeader; keys: BackupKeys };
beforeAll(async () => {
  backup = await newBackup({ passphrase: PASSPHRASE });
});

let folders = 0;
/** A fresh folder on the server, and the target writing to it. */
const freshTarget = () => dav.folder(`run-${++folders}`);

const entry = (i: number): HistoryEntry => ({
  id: `entry-${i}`,
  kind: i % 10 === 0 ? 'video' : 'image',
  prompt: `a grey heron at dawn, number ${i}`,
  model: 'flux',
  source: 'popup',
  status: 'completed',
  urls: [`https://cdn.example/heron-${i}.png`],
  createdAt: 1_700_000_000_000 + i,
});

/** A copy's bytes: distinct per entry, so a swapped object would show. */
const copyBytes = (i: number, size: number) => new Uint8Array(size).map((_, at) => (at * 31 + i) & 0xff);

/** What a browser holding `entries` and copies of the first `copies` entries gives a run. */
async function sourceOf(entries: HistoryEntry[], copies: number, copySize: number): Promise<BackupSource> {
  const buckets = await entryBucketItems(entries);
  const items: SourceItem[] = buckets.map(({ bytes, ...item }) => ({ ...item, read: async () => bytes }));
  for (const each of entries.slice(0, copies)) {
    const i = Number(each.id.slice('entry-'.length));
    const bytes = copyBytes(i, copySize);
    items.push({
      logical: `copy/${each.id}/0`,
      digest: await sha256Hex(bytes),
      size: bytes.length,
      read: async () => bytes,
    });
  }
  return { entries: entries.length, items };
}

const deps = (target: BackupTarget, writer = 'browser-a') => ({
  target,
  header: backup.header,
  keys: backup.keys,
  writer,
  now: () => 1_750_000_000_000,
  uploads: memoryUploads(),
});

/** Every file the server holds in `dir`, with its bytes. */
const filesIn = (dir: string) =>
  readdirSync(dir).map((name) => ({ name, bytes: readFileSync(path.join(dir, name)) }));

describe('a backup run to a WebDAV folder', () => {
  const history = Array.from({ length: 1_000 }, (_, i) => entry(i));

  it('sends everything the first time, nothing the second, and one bucket for one entry starred', async () => {
    const { target, dir } = freshTarget();
    const source = await sourceOf(history, 5, 300_000);
    const first = await runBackup(deps(target), source);
    expect(first).toMatchObject({ sentItems: 64 + 5, heldItems: 64 + 5, removed: 0 });
    // The header, one object per item, and the manifest.
    expect(filesIn(dir)).toHaveLength(1 + 64 + 5 + 1);

    expect(await runBackup(deps(target), source)).toMatchObject({ sentItems: 0, sentBytes: 0, removed: 0 });

    const starred = history.map((each, i) => (i === 421 ? { ...each, favourite: true as const } : each));
    const third = await runBackup(deps(target), await sourceOf(starred, 5, 300_000));
    expect(third).toMatchObject({ sentItems: 1, removed: 1 });
    expect(filesIn(dir)).toHaveLength(1 + 64 + 5 + 1);
  });

  it('holds no prompt, file name, id or passphrase in the clear: one clear header and random names', async () => {
    const { target, dir } = freshTarget();
    await runBackup(deps(target), await sourceOf(history, 3, 10_000));
    const files = filesIn(dir);
    const names = files.map((file) => file.name).filter((name) => name !== 'promptcast-backup.json');
    expect(names.every((name) => /^[0-9a-f]{32}$/.test(name))).toBe(true);
    for (const { bytes } of files)
      for (const secret of ['heron', 'entry-1', 'cdn.example', PASSPHRASE, 'flux'])
        expect(bytes.includes(Buffer.from(secret))).toBe(false);
  });

  it('reads back what it sent, byte for byte, with the passphrase in another browser', async () => {
    const { target } = freshTarget();
    const source = await sourceOf(history, 2, 5 * 1024 * 1024);
    await runBackup(deps(target), source);
    const header = await readHeader(target);
    const { keys } = await openBackup(new TextEncoder().encode(JSON.stringify(header)), PASSPHRASE);
    const manifest = await readManifest(target, keys);
    expect(manifest).toMatchObject({ writer: 'browser-a', entries: 1_000, at: 1_750_000_000_000 });
    const copy = manifest?.items['copy/entry-1/0'];
    const back = copy && (await readItem(target, keys, copy));
    expect(Buffer.from(back ?? []).equals(Buffer.from(copyBytes(1, 5 * 1024 * 1024)))).toBe(true);
    const restored: HistoryEntry[] = [];
    for (const [logical, item] of Object.entries(manifest?.items ?? {}))
      if (logical.startsWith('entries/'))
        restored.push(
          ...(JSON.parse(new TextDecoder().decode(await readItem(target, keys, item))) as HistoryEntry[]),
        );
    expect(restored.map((each) => each.id).sort()).toEqual(history.map((each) => each.id).sort());
  });

  it('continues a run stopped midway: the previous backup stays whole, and only what is missing is sent', async () => {
    const { target } = freshTarget();
    await runBackup(deps(target), await sourceOf(history.slice(0, 10), 2, 100_000));
    const grown = await sourceOf(history, 8, 100_000);
    const stop = new AbortController();
    let planned = 0;
    await expect(
      runBackup(
        {
          ...deps(target),
          signal: stop.signal,
          onProgress: (progress) => {
            planned = progress.items;
            if (progress.sentItems === 20) stop.abort();
          },
        },
        grown,
      ),
    ).rejects.toThrow();
    // The manifest is still the first run's: 10 entries, 2 copies, each readable.
    const before = await readManifest(target, backup.keys);
    expect(before?.entries).toBe(10);
    for (const item of Object.values(before?.items ?? {}))
      expect(await readItem(target, backup.keys, item)).toBeDefined();

    const resumed = await runBackup(deps(target), grown);
    // The 20 objects sent before the stop are listed whole and not sent again.
    expect(planned).toBeGreaterThan(60);
    expect(resumed.sentItems).toBe(planned - 20);
    expect(resumed.heldItems).toBe(grown.items.length);
    expect((await readManifest(target, backup.keys))?.entries).toBe(1_000);
  });

  it('keeps what the backup holds of a copy gone here meanwhile, until it is found whole again', async () => {
    const { target } = freshTarget();
    const source = await sourceOf(history.slice(0, 4), 2, 50_000);
    await runBackup(deps(target), source);
    // The copy's next version went before it was read: the backup keeps the version it has.
    const changed: BackupSource = {
      ...source,
      items: source.items.map((item) =>
        item.logical === 'copy/entry-0/0'
          ? { ...item, digest: 'f'.repeat(64), read: async () => undefined }
          : item,
      ),
    };
    const outcome = await runBackup(deps(target), changed);
    expect(outcome).toMatchObject({ sentItems: 0, removed: 0 });
    const held = (await readManifest(target, backup.keys))?.items['copy/entry-0/0'];
    const back = held && (await readItem(target, backup.keys, held));
    expect(Buffer.from(back ?? []).equals(Buffer.from(copyBytes(0, 50_000)))).toBe(true);
  });

  it('refuses a folder written by another browser, or holding another backup, and touches nothing in it', async () => {
    const { target, dir } = freshTarget();
    await runBackup(deps(target), await sourceOf(history.slice(0, 50), 1, 1_000));
    const held = filesIn(dir);
    await expect(runBackup(deps(target, 'browser-b'), await sourceOf([], 0, 0))).rejects.toMatchObject({
      info: { kind: 'backup', detail: 'other_browser' },
    });
    const other = await newBackup({ passphrase: 'another passphrase entirely' });
    await expect(runBackup({ ...deps(target), ...other }, await sourceOf([], 0, 0))).rejects.toMatchObject({
      info: { kind: 'backup', detail: 'other_browser' },
    });
    expect(filesIn(dir)).toEqual(held);
  });
});
