// @vitest-environment node
/**
 * The S3 target over real HTTP, against Ceph's radosgw from Debian (tests/support/s3-server.ts), which checks
 * every SigV4 signature as AWS does: objects stored and read back, listings paged past 1,000 keys, and a
 * specific reason for each setting a person can get wrong, the clock included.
 */
import { describe, expect, it } from 'vitest';
import { PART_BYTES } from '../../../utils/backup/s3-target';
import { s3ServerForFile } from '../support/s3';
import { targetFailure } from '../support/target-failure';

const s3 = s3ServerForFile();

describe('an S3 bucket as a backup target', () => {
  it('stores, lists, reads back and removes objects byte for byte, under its prefix only', async () => {
    const { target, config } = await s3.bucket();
    await target.check();
    const big = new Uint8Array(6 * 1024 * 1024).map((_, i) => (i * 7) & 0xff);
    await target.put('0f3a9c', new Blob([big]));
    await target.put('b71e02', new Blob([new Uint8Array([1, 2, 3])]));
    // An object beside the prefix is not the backup's.
    await s3.targetFor({ ...config, prefix: '' }).put('elsewhere', new Blob(['x']));
    expect((await target.list(10)).sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: '0f3a9c', size: big.length },
      { name: 'b71e02', size: 3 },
    ]);
    expect(Buffer.from((await target.get('0f3a9c', big.length)) ?? []).equals(Buffer.from(big))).toBe(true);
    expect(await target.get('not-there', 10)).toBeUndefined();
    await target.remove('b71e02');
    await target.remove('b71e02');
    expect((await target.list(10)).map((object) => object.name)).toEqual(['0f3a9c']);
  });

  it('pages a listing past 1,000 keys, and bounds it and each object by what it was asked for', async () => {
    const { target } = await s3.bucket();
    const names = Array.from({ length: 1_005 }, (_, i) => i.toString(16).padStart(32, '0'));
    for (let at = 0; at < names.length; at += 50)
      await Promise.all(names.slice(at, at + 50).map((name) => target.put(name, new Blob(['x']))));
    const listed = await target.list(2_000);
    expect(listed.map((object) => object.name).sort()).toEqual(names);
    expect(await targetFailure(target.list(1_004))).toMatchObject({ reason: 'malformed' });
    await target.put('big', new Blob([new Uint8Array(100_000)]));
    expect(await targetFailure(target.get('big', 99_999))).toMatchObject({ reason: 'malformed' });
  }, 60_000);

  it('sends an object larger than a part in parts, aborts an upload whose part failed, drops one a stopped worker left', async () => {
    const { target, name, config } = await s3.bucket();
    const big = new Uint8Array(2 * PART_BYTES + 5_000_000).map((_, i) => (i * 11) & 0xff);
    await target.put('ca7e11', new Blob([big]));
    expect(Buffer.from((await target.get('ca7e11', big.length)) ?? []).equals(Buffer.from(big))).toBe(true);
    // S3 names an object put in parts by its parts' count.
    const head = await s3.signed('HEAD', `/${name}/promptcast/ca7e11`);
    expect(head.headers.get('etag')).toMatch(/-3"$/);

    // The line drops during the second part: the put fails, and the bucket keeps no half-made upload.
    let parts = 0;
    const dropping: typeof fetch = (input, init) => {
      if (String(input).includes('partNumber=') && ++parts === 2)
        return Promise.reject(new TypeError('network'));
      return globalThis.fetch(input, init);
    };
    const flaky = s3.targetFor(config, { fetch: dropping });
    expect(await targetFailure(flaky.put('d0e5', new Blob([big])))).toMatchObject({ reason: 'unreachable' });
    const uploads = await (await s3.signed('GET', `/${name}?uploads`)).text();
    expect(uploads).not.toContain('<Upload>');
    expect((await target.list(10)).map((object) => object.name)).toEqual(['ca7e11']);

    // A worker stopped during a part sends no abort: the parts stay until the next run drops them, and only
    // the backup's own, never another upload in the bucket.
    parts = 0;
    const dying: typeof fetch = (input, init) => {
      const url = String(input);
      if ((url.includes('partNumber=') && ++parts === 2) || init?.method === 'DELETE')
        return Promise.reject(new TypeError('worker stopped'));
      return globalThis.fetch(input, init);
    };
    await targetFailure(s3.targetFor(config, { fetch: dying }).put('d0e5', new Blob([big])));
    await s3.signed('POST', `/${name}/someone-else.bin?uploads`);
    const pending = async () =>
      [...(await (await s3.signed('GET', `/${name}?uploads`)).text()).matchAll(/<Key>([^<]+)<\/Key>/g)].map(
        (match) => match[1],
      );
    expect((await pending()).sort()).toEqual(['promptcast/d0e5', 'someone-else.bin']);
    await target.dropUnfinished();
    expect(await pending()).toEqual(['someone-else.bin']);
  }, 60_000);

  it('drops unfinished uploads past a page of 1,000 in one run', async () => {
    const { target, name } = await s3.bucket();
    const keys = Array.from({ length: 1_005 }, (_, i) => `promptcast/${i.toString(16).padStart(32, '0')}`);
    for (let at = 0; at < keys.length; at += 50)
      await Promise.all(keys.slice(at, at + 50).map((key) => s3.signed('POST', `/${name}/${key}?uploads`)));
    const listed = async () => (await (await s3.signed('GET', `/${name}?uploads`)).text()).match(/<Upload>/g);
    expect(await listed()).toHaveLength(1_000);
    await target.dropUnfinished();
    expect(await listed()).toBeNull();
  }, 60_000);

  it('says which setting is wrong: the secret, the access key, the bucket, the clock, the address', async () => {
    const { config } = await s3.bucket();
    expect(
      await targetFailure(s3.targetFor({ ...config, secretAccessKey: 'not the secret' }).check()),
    ).toEqual({
      reason: 'unauthorized',
      sentence:
        'The backup storage refused the credentials. Check the user name and password, or the access key and its secret.',
    });
    expect(
      await targetFailure(s3.targetFor({ ...config, accessKeyId: 'NOSUCHKEY00000000000' }).check()),
    ).toMatchObject({ reason: 'unauthorized' });
    expect(await targetFailure(s3.targetFor({ ...config, bucket: 'no-such-bucket' }).check())).toEqual({
      reason: 'missing',
      sentence:
        'The backup folder or bucket does not exist. Create it on the storage, or correct the address.',
    });
    // A computer clock 20 minutes off: S3 refuses requests dated more than 15 minutes from its own time.
    const skewed = s3.targetFor(config, { now: () => Date.now() - 20 * 60_000 });
    expect(await targetFailure(skewed.check())).toMatchObject({ reason: 'clock_skew' });
    const closed = s3.targetFor({ ...config, endpoint: 'http://127.0.0.1:9' });
    expect(await targetFailure(closed.check())).toMatchObject({ reason: 'unreachable' });
  });
});
