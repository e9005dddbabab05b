import { describe, expect, it, vi } from 'vitest';
import { sealSecret } from '@/utils/lock/seal';
import { sealedSecretSchema } from '@/utils/lock/sealed-secret';
import { checkVerifier, sealVerifier } from '@/utils/lock/verifier';

vi.mock('@/utils/lock/pbkdf2', () => import('./cheap-pbkdf2'));

describe('sealVerifier and checkVerifier', () => {
  it('check a passphrase with no secret locked, failing as openSecret does', async () => {
    const verifier = await sealVerifier('hunter2 but longer');
    expect(sealedSecretSchema.safeParse(verifier).success).toBe(true);
    await expect(checkVerifier(verifier, 'hunter2 but longer')).resolves.toBeUndefined();
    await expect(checkVerifier(verifier, 'hunter3 but longer')).rejects.toMatchObject({
      info: { kind: 'wrong_passphrase' },
    });
  });

  it('seal differently each time, so two verifiers of one passphrase cannot be matched up', async () => {
    const [first, second] = await Promise.all([sealVerifier('same'), sealVerifier('same')]);
    expect(first.data).not.toBe(second.data);
  });

  it('refuse a sealed secret given in the verifier’s place rather than take it as a verifier', async () => {
    const key = await sealSecret('sk-live-1234', 'passphrase');
    await expect(checkVerifier(key, 'passphrase')).rejects.toMatchObject({ info: { kind: 'unexpected' } });
  });
});
