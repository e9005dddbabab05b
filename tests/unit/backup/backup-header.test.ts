// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { headerBytes, newBackup, openBackup } from '../../../utils/backup/backup-header';
import { openObject, sealObject } from '../../../utils/backup/sealed-object';

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
    expect(Object.keys(header).sort()).toEqual(['check', 'format', 'id', 'kdf', 'version']);
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
    const { createMaster } = await import('../../../utils/keys/lock/seal');
    const { kdf, master } = await createMaster('lock passphrase');
    const { header } = await newBackup({ master, kdf });
    expect(header.kdf).toEqual(kdf);
    expect(await kindOf(openBackup(headerBytes(header), 'lock passphrase'))).toBe('opened');
  });
});
