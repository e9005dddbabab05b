import { describe, expect, it } from 'vitest';
import { openSecret, PBKDF2_ITERATIONS, sealSecret } from '@/utils/lock/seal';

// The only tests deriving at the full count (about 0.1-0.3 s a derivation); the others stand in a cheap one.
describe('the lock at the full PBKDF2 cost', () => {
  it('seals at 600,000 iterations and opens again', async () => {
    const sealed = await sealSecret('sk-live-1234', 'correct horse battery staple');
    expect(sealed.iterations).toBe(600_000);
    expect(PBKDF2_ITERATIONS).toBe(600_000);
    expect(await openSecret(sealed, 'correct horse battery staple')).toBe('sk-live-1234');
  });

  it('refuses a wrong passphrase with wrong_passphrase', async () => {
    const sealed = await sealSecret('sk-live-1234', 'correct horse battery staple');
    await expect(openSecret(sealed, 'correct horse battery stapler')).rejects.toMatchObject({
      name: 'AppError',
      info: { kind: 'wrong_passphrase' },
    });
  });
});
