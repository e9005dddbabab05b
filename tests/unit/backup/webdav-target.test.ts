// @vitest-environment node
/** The WebDAV target over real HTTP, against Debian's Apache with mod_dav (tests/support/webdav-server.ts). */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { webdavTarget } from '../../../utils/backup/webdav-target';
import { WEBDAV_PASSWORD, WEBDAV_USER } from '../../support/webdav-server';
import { targetFailure } from '../support/target-failure';
import { webdavServerForFile } from '../support/webdav';

const server = webdavServerForFile();

const deps = { fetch: globalThis.fetch, timeoutMs: 5000 };
const target = (folder = 'dav', password = WEBDAV_PASSWORD) =>
  webdavTarget({ url: `${server.origin}/${folder}/`, username: WEBDAV_USER, password }, deps);

describe('a WebDAV folder as a backup target', () => {
  it('stores, lists, reads back and removes objects, byte for byte, as files in the folder', async () => {
    const dav = target();
    await dav.check();
    const big = new Uint8Array(3 * 1024 * 1024).map((_, i) => (i * 7) & 0xff);
    await dav.put('0f3a9c', new Blob([big]));
    await dav.put('b71e02', new Blob([new Uint8Array([1, 2, 3])]));
    expect(readFileSync(path.join(server.root, '0f3a9c')).equals(Buffer.from(big))).toBe(true);
    expect((await dav.list(10)).sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: '0f3a9c', size: big.length },
      { name: 'b71e02', size: 3 },
    ]);
    // Compared as Buffers: a deep equality of 3 MB element by element takes half a minute.
    expect(Buffer.from((await dav.get('0f3a9c', big.length)) ?? []).equals(Buffer.from(big))).toBe(true);
    expect(await dav.get('not-there', 10)).toBeUndefined();
    await dav.remove('b71e02');
    await dav.remove('b71e02');
    expect(existsSync(path.join(server.root, 'b71e02'))).toBe(false);
    // The check's own probe is gone too.
    expect((await dav.list(10)).map((object) => object.name)).toEqual(['0f3a9c']);
  });

  it('bounds what it takes from the server: a listing past its count, an object past its size', async () => {
    const dav = target();
    for (const name of ['a1', 'a2', 'a3']) await dav.put(name, new Blob(['x']));
    expect(await targetFailure(dav.list(2))).toMatchObject({ reason: 'malformed' });
    await dav.put('big', new Blob([new Uint8Array(100_000)]));
    expect(await targetFailure(dav.get('big', 99_999))).toMatchObject({ reason: 'malformed' });
  });

  it('says which of the person’s settings is wrong: the password, the folder, the rights, the address', async () => {
    expect(await targetFailure(target('dav', 'wrong').check())).toEqual({
      reason: 'unauthorized',
      sentence:
        'The backup storage refused the credentials. Check the user name and password, or the access key and its secret.',
    });
    expect(await targetFailure(target('dav/no-such-folder').check())).toEqual({
      reason: 'missing',
      sentence:
        'The backup folder or bucket does not exist. Create it on the storage, or correct the address.',
    });
    expect(await targetFailure(target('readonly').check())).toEqual({
      reason: 'forbidden',
      sentence: 'The backup storage accepted the login but refused access to this folder or bucket.',
    });
    expect(await targetFailure(target('moved').check())).toMatchObject({ reason: 'redirect' });
    const closed = webdavTarget({ url: 'http://127.0.0.1:9/dav/', username: 'a', password: 'b' }, deps);
    expect(await targetFailure(closed.check())).toMatchObject({ reason: 'unreachable' });
  });
});
