// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  type BackupHeader,
  headerBytes,
  newBackup,
  openBackup,
  rewrapped,
} from '../../../utils/backup/backup-header';
import { backupKeys } from '../../../utils/backup/backup-keys';
import { openObject, sealObject } from '../../../utils/backup/sealed-object';
import { bytesToBase64 } from '../../../utils/keys/lock/base64';
import { stretchPassphrase } from '../../../utils/keys/lock/pbkdf2';
import { createMaster } from '../../../utils/keys/lock/seal';

const kindOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'opened',
    (error: { info?: { kind: string; detail?: string } }) =>
      [error.info?.kind, error.info?.detail].filter(Boolean).join(':'),
  );

describe('a backup’s header: found without a key, opened only with the passphrase', () => {
  it('gives back, for the right passphrase, keys that open what the new backup sealed; a wrong one opens nothing', async () => {
    const { header, keys } = await newBackup({ passphrase: 'tidal heron 42' });
    const sealed = await sealObject(keys, 'entries/0', new TextEncoder().encode('a heron'));
    const stored = headerBytes(header);
    // The header says nothing of what the backup holds.
    expect(Object.keys(header).sort()).toEqual(['check', 'format', 'id', 'kdf', 'version', 'wrapped']);
    expect(header.kdf.iterations).toBeGreaterThanOrEqual(600_000);
    const reopened = (await openBackup(stored, 'tidal heron 42')).keys;
    expect(new TextDecoder().decode(await openObject(reopened, 'entries/0', sealed, 100))).toBe('a heron');
    expect(await kindOf(openBackup(stored, 'tidal heron 43'))).toBe('wrong_passphrase');
  });

  it('refuses a header that is not one, or that would ask for unbounded work, before stretching anything', async () => {
    const { header } = await newBackup({ passphrase: 'p' });
    const planted = [
      new TextEncoder().encode('<html>not a header</html>'),
      headerBytes({ ...header, kdf: { ...header.kdf, iterations: 2_000_000_000 } }),
      headerBytes({ ...header, kdf: { ...header.kdf, iterations: 1000 } }),
      new TextEncoder().encode(JSON.stringify({ ...header, pad: 'x'.repeat(10_000) })),
    ];
    for (const bytes of planted) expect(await kindOf(openBackup(bytes, 'p'))).toBe('backup:malformed');
  });

  it('under the key lock, uses the lock’s master and carries its stretching, so its passphrase opens it elsewhere', async () => {
    const { kdf, master } = await createMaster('lock passphrase');
    const { header } = await newBackup({ master, kdf });
    expect(header.kdf).toEqual(kdf);
    expect(await kindOf(openBackup(headerBytes(header), 'lock passphrase'))).toBe('opened');
  });

  it('opens with the new secret alone once rewrapped, and the objects sealed before still open: the root is the same', async () => {
    const first = await createMaster('first lock passphrase');
    const opened = await newBackup(first);
    const sealed = await sealObject(opened.keys, 'entries/7', new TextEncoder().encode('a kingfisher'));
    const second = await createMaster('second lock passphrase');
    const header = await rewrapped(opened.header, opened.root, second);
    expect(header.id).toBe(opened.header.id);
    expect(header.kdf).toEqual(second.kdf);
    expect(await kindOf(openBackup(headerBytes(header), 'first lock passphrase'))).toBe('wrong_passphrase');
    const reopened = await openBackup(headerBytes(header), 'second lock passphrase');
    expect(new TextDecoder().decode(await openObject(reopened.keys, 'entries/7', sealed, 100))).toBe(
      'a kingfisher',
    );
  });

  it('still opens a version 1 backup, whose root is the stretched passphrase itself', async () => {
    const salt = globalThis.crypto.getRandomValues(new Uint8Array(16));
    const id = globalThis.crypto.getRandomValues(new Uint8Array(16));
    const root = await stretchPassphrase('an older backup', salt, 600_000);
    const keys = await backupKeys(root, id);
    const check = await sealObject(keys, 'check', new TextEncoder().encode('Promptcast backup v1'));
    const header: BackupHeader = {
      format: 'promptcast-backup',
      version: 1,
      id: bytesToBase64(id),
      kdf: { kdf: 'PBKDF2-SHA-256', iterations: 600_000, salt: bytesToBase64(salt) },
      check: bytesToBase64(check),
    };
    const sealed = await sealObject(keys, 'entries/1', new TextEncoder().encode('a wren'));
    const reopened = await openBackup(headerBytes(header), 'an older backup');
    expect(new TextDecoder().decode(await openObject(reopened.keys, 'entries/1', sealed, 100))).toBe(
      'a wren',
    );
    expect(reopened.root).toEqual(root);
    expect(await kindOf(openBackup(headerBytes(header), 'an older backup!'))).toBe('wrong_passphrase');
  });
});
