// @vitest-environment node
/**
 * An object larger than a part, cut off by a worker stop in the middle of its upload, is continued by the next
 * run from where it was: the parts the storage holds are not sent again. Over real HTTP to Ceph's radosgw.
 */
import { describe, expect, it } from 'vitest';
import { newBackup } from '../../../utils/backup/backup-header';
import { readItem, readManifest } from '../../../utils/backup/backup-objects';
import { runBackup, type SourceItem } from '../../../utils/backup/backup-run';
import { sha256Hex } from '../../../utils/backup/local-items';
import { PART_BYTES } from '../../../utils/backup/s3-target';
import type { BackupTarget } from '../../../utils/backup/target';
import { memoryUploads } from '../support/parts-uploads';
import { s3ServerForFile } from '../support/s3';

const s3 = s3ServerForFile();

/** A fetch that records the part numbers it is asked to send; `stopAt`: the part during which the worker stops. */
function partsFetch(sent: number[], stopAt?: number): typeof fetch {
  return (input, init) => {
    const part = new URL(String(input)).searchParams.get('partNumber');
    if (part) sent.push(Number(part));
    // A stopped worker sends nothing more: neither the part nor an abort.
    if (stopAt !== undefined && (Number(part) === stopAt || init?.method === 'DELETE'))
      return Promise.reject(new TypeError('worker stopped'));
    return globalThis.fetch(input, init);
  };
}

describe('an upload in parts cut off by a worker stop', () => {
  it('is continued by the next run, which sends only the parts the bucket lacks', async () => {
    const { config, target, name } = await s3.bucket();
    const backup = await newBackup({ passphrase: 'a resumed backup' });
    const bytes = new Uint8Array(2 * PART_BYTES + 3_000_000).map((_, i) => (i * 7) & 0xff);
    const item: SourceItem = {
      logical: 'copy/e1/0',
      digest: await sha256Hex(bytes),
      size: bytes.length,
      read: async () => bytes,
    };
    const source = { entries: 0, items: [item] };
    const uploads = memoryUploads();
    const deps = (on: BackupTarget) => ({
      target: on,
      header: backup.header,
      keys: backup.keys,
      writer: 'w',
      now: () => 1_750_000_000_000,
      uploads,
    });

    const cut: number[] = [];
    await expect(
      runBackup(deps(s3.targetFor(config, { fetch: partsFetch(cut, 2) })), source),
    ).rejects.toMatchObject({
      info: { kind: 'backup', detail: 'unreachable' },
    });
    expect(cut).toEqual([1, 2]);
    expect(uploads.current?.uploadId).toBeTruthy();

    const resumed: number[] = [];
    const outcome = await runBackup(deps(s3.targetFor(config, { fetch: partsFetch(resumed) })), source);
    expect(resumed).toEqual([2, 3]);
    expect(outcome).toMatchObject({ sentItems: 1, heldItems: 1 });
    expect(uploads.current).toBeUndefined();

    // The object is whole, in three parts, and opens to the copy byte for byte; no upload is left behind.
    const manifest = await readManifest(target, backup.keys);
    const stored = manifest?.items['copy/e1/0'];
    expect(stored).toBeDefined();
    const head = await s3.signed('HEAD', `/${name}/promptcast/${stored?.name}`);
    expect(head.headers.get('etag')).toMatch(/-3"$/);
    const read = stored && (await readItem(target, backup.keys, stored));
    expect(Buffer.from(read ?? []).equals(Buffer.from(bytes))).toBe(true);
    expect(await (await s3.signed('GET', `/${name}?uploads`)).text()).not.toContain('<Upload>');
  }, 90_000);
});
