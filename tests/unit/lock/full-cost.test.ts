import { describe, expect, it } from 'vitest';
import { createMaster, openMaster, openSecret, PBKDF2_ITERATIONS, sealSecret } from '@/utils/keys/lock/seal';

const PASSPHRASE = 'correct horse battery staple';

// The only tests stretching at the full count (about 0.1-0.3 s each); the others stand in a cheap one.
describe('the lock at the full PBKDF2 cost', () => {
  it('stretches at 600,000 iterations, seals, and opens again with the passphrase', async () => {
    const { kdf, master } = await createMaster(PASSPHRASE);
    expect(kdf.iterations).toBe(600_000);
    expect(PBKDF2_ITERATIONS).toBe(600_000);
    const sealed = await sealSecret('sk-live-1234', master);
    expect(await openSecret(sealed, await openMaster(PASSPHRASE, kdf))).toBe('sk-live-1234');
  });

  it('refuses a wrong passphrase with wrong_passphrase', async () => {
    const { kdf, master } = await createMaster(PASSPHRASE);
    const sealed = await sealSecret('sk-live-1234', master);
    const wrong = await openMaster('correct horse battery stapler', kdf);
    await expect(openSecret(sealed, wrong)).rejects.toMatchObject({
      name: 'AppError',
      info: { kind: 'wrong_passphrase' },
    });
  });
});
