import { describe, expect, it, vi } from 'vitest';
import { createMaster, sealSecret } from '@/utils/keys/lock/seal';
import { sealedSecretSchema } from '@/utils/keys/lock/sealed-secret';
import { checkVerifier, sealVerifier } from '@/utils/keys/lock/verifier';

vi.mock('@/utils/keys/lock/pbkdf2', () => import('./cheap-pbkdf2'));

describe('sealVerifier and checkVerifier', () => {
  it('check a master with no secret locked, failing as openSecret does', async () => {
    const { master } = await createMaster('hunter2 but longer');
    const verifier = await sealVerifier(master);
    expect(sealedSecretSchema.safeParse(verifier).success).toBe(true);
    await expect(checkVerifier(verifier, master)).resolves.toBeUndefined();
    const other = (await createMaster('hunter3 but longer')).master;
    await expect(checkVerifier(verifier, other)).rejects.toMatchObject({
      info: { kind: 'wrong_passphrase' },
    });
  });

  it('seal differently each time, so two verifiers of one master cannot be matched up', async () => {
    const { master } = await createMaster('same');
    const [first, second] = await Promise.all([sealVerifier(master), sealVerifier(master)]);
    expect(first.data).not.toBe(second.data);
  });

  it('refuse a sealed secret given in the verifier’s place rather than take it as a verifier', async () => {
    const { master } = await createMaster('passphrase');
    const key = await sealSecret('sk-live-1234', master);
    await expect(checkVerifier(key, master)).rejects.toMatchObject({ info: { kind: 'unexpected' } });
  });
});
