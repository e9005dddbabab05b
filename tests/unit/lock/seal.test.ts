import { describe, expect, it, vi } from 'vitest';
import { AppError } from '@/utils/error-info';
import { base64ToBytes, bytesToBase64 } from '@/utils/keys/lock/base64';
import {
  createMaster,
  eachSecret,
  MAX_SECRET_BYTES,
  type Master,
  openMaster,
  openSecret,
  PBKDF2_ITERATIONS,
  sealSecret,
} from '@/utils/keys/lock/seal';
import {
  lockKdfSchema,
  MAX_ITERATIONS,
  MIN_ITERATIONS,
  type SealedSecret,
  sealedSecretSchema,
} from '@/utils/keys/lock/sealed-secret';

vi.mock('@/utils/keys/lock/pbkdf2', () => import('./cheap-pbkdf2'));

const PASSPHRASE = 'correct horse battery staple';

/** The envelope with one bit of a base64 field flipped. */
function flipped(sealed: SealedSecret, field: 'salt' | 'iv' | 'data', index = 0): SealedSecret {
  const bytes = base64ToBytes(sealed[field]);
  bytes[index] = (bytes[index] ?? 0) ^ 1;
  return { ...sealed, [field]: bytesToBase64(bytes) };
}

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

const { kdf, master } = await createMaster(PASSPHRASE);

describe('createMaster and openMaster', () => {
  it('stretch the passphrase under a new random salt, and give the same master again for it', async () => {
    expect(lockKdfSchema.parse(kdf)).toEqual(kdf);
    expect(kdf).toMatchObject({ kdf: 'PBKDF2-SHA-256', iterations: PBKDF2_ITERATIONS });
    expect(master).toHaveLength(32);
    expect(await openMaster(PASSPHRASE, kdf)).toEqual(master);
    const other = await createMaster(PASSPHRASE);
    expect(other.kdf.salt).not.toBe(kdf.salt);
    expect(other.master).not.toEqual(master);
  });

  it('give the same master for the passphrase typed in another Unicode form', async () => {
    const typed = await createMaster('caf\u00e9 au lait');
    expect(await openMaster('cafe\u0301 au lait', typed.kdf)).toEqual(typed.master);
  });

  it('refuse an empty passphrase for a new lock', async () => {
    await expect(createMaster('')).rejects.toMatchObject({ info: { kind: 'invalid_input' } });
  });

  it('refuse stretching parameters outside the schema before deriving anything, saying they are malformed', async () => {
    const deriveBits = vi.spyOn(globalThis.crypto.subtle, 'deriveBits');
    for (const planted of [{ ...kdf, iterations: 2_000_000_000 }, { ...kdf, iterations: 1000 }, undefined]) {
      await expect(openMaster(PASSPHRASE, planted)).rejects.toMatchObject({
        info: { kind: 'wrong_passphrase', detail: 'malformed' },
      });
    }
    expect(deriveBits).not.toHaveBeenCalled();
    deriveBits.mockRestore();
  });

  it('use an iteration count within the bounds every lock is checked against', () => {
    expect(PBKDF2_ITERATIONS).toBeGreaterThanOrEqual(MIN_ITERATIONS);
    expect(PBKDF2_ITERATIONS).toBeLessThanOrEqual(MAX_ITERATIONS);
  });
});

describe('sealSecret and openSecret', () => {
  it('seal a secret into an envelope the schema takes and open it again', async () => {
    const sealed = await sealSecret('sk-live-1234', master);
    expect(sealedSecretSchema.parse(sealed)).toEqual(sealed);
    expect(sealed.v).toBe(1);
    expect(base64ToBytes(sealed.data)).toHaveLength('sk-live-1234'.length + 16);
    expect(await openSecret(sealed, master)).toBe('sk-live-1234');
  });

  it('keep any Unicode text, an empty secret and the longest one allowed', async () => {
    for (const secret of ['', 'clé 🔑 ключ', 'x'.repeat(MAX_SECRET_BYTES)]) {
      const sealed = await sealSecret(secret, master);
      expect(await openSecret(sealedSecretSchema.parse(sealed), master)).toBe(secret);
    }
  });

  it('use new salt and IV each time, so the same secret never seals the same way twice', async () => {
    const [first, second] = await Promise.all([sealSecret('same', master), sealSecret('same', master)]);
    expect(first.salt).not.toBe(second.salt);
    expect(first.iv).not.toBe(second.iv);
    expect(first.data).not.toBe(second.data);
  });

  it('refuse the master of a wrong passphrase with wrong_passphrase, also one differing only in case or a space', async () => {
    const sealed = await sealSecret('sk-live-1234', master);
    for (const wrong of ['wrong', PASSPHRASE.toUpperCase(), `${PASSPHRASE} `, '']) {
      const error = await rejection(openSecret(sealed, await openMaster(wrong, kdf)));
      expect(error, wrong).toBeInstanceOf(AppError);
      expect((error as AppError).info).toEqual({ kind: 'wrong_passphrase', message: 'wrong_passphrase' });
    }
  });

  it('refuse altered ciphertext, tag, IV, salt or iteration count as a wrong passphrase', async () => {
    const sealed = await sealSecret('sk-live-1234', master);
    const tagStart = base64ToBytes(sealed.data).length - 16;
    const altered = [
      flipped(sealed, 'data'),
      flipped(sealed, 'data', tagStart + 15),
      flipped(sealed, 'iv'),
      flipped(sealed, 'salt', 15),
      // Cut to the tag alone: still the schema's shape, and still refused.
      { ...sealed, data: bytesToBase64(base64ToBytes(sealed.data).slice(tagStart)) },
    ];
    for (const [index, envelope] of altered.entries()) {
      expect(sealedSecretSchema.safeParse(envelope).success, `envelope ${index}`).toBe(true);
      await expect(openSecret(envelope, master), `envelope ${index}`).rejects.toMatchObject({
        info: { kind: 'wrong_passphrase' },
      });
    }
    // A lock whose stored count was changed gives another master, which opens nothing.
    const raised = await openMaster(PASSPHRASE, { ...kdf, iterations: kdf.iterations + 1 });
    await expect(openSecret(sealed, raised)).rejects.toMatchObject({ info: { kind: 'wrong_passphrase' } });
  });

  it('open a secret sealed bound to some bytes with those bytes only, none refused too', async () => {
    const bound = new TextEncoder().encode('["profile-1","https://service.example"]');
    const sealed = await sealSecret('sk-live-1234', master, bound);
    expect(await openSecret(sealed, master, bound)).toBe('sk-live-1234');
    const other = new TextEncoder().encode('["profile-1","https://elsewhere.example"]');
    for (const wrong of [other, undefined]) {
      await expect(openSecret(sealed, master, wrong)).rejects.toMatchObject({
        info: { kind: 'wrong_passphrase' },
      });
    }
    // And one sealed unbound does not open as bound.
    await expect(openSecret(await sealSecret('sk', master), master, bound)).rejects.toMatchObject({
      info: { kind: 'wrong_passphrase' },
    });
  });

  it('refuse an envelope outside the schema before deriving anything, saying it is malformed', async () => {
    const sealed = await sealSecret('sk-live-1234', master);
    const deriveKey = vi.spyOn(globalThis.crypto.subtle, 'deriveKey');
    for (const planted of [{ ...sealed, v: 2 }, { ...sealed, data: 'A'.repeat(10_000) }, 'text']) {
      await expect(openSecret(planted, master)).rejects.toMatchObject({
        info: { kind: 'wrong_passphrase', detail: 'malformed' },
      });
    }
    expect(deriveKey).not.toHaveBeenCalled();
    deriveKey.mockRestore();
  });

  it('refuse a secret too long for the envelope, sealing nothing', async () => {
    await expect(sealSecret('é'.repeat(MAX_SECRET_BYTES / 2 + 1), master)).rejects.toMatchObject({
      info: {
        kind: 'invalid_input',
        message: `The secret is too long to lock: ${MAX_SECRET_BYTES + 2} bytes, at most ${MAX_SECRET_BYTES}.`,
      },
    });
  });
});

describe('eachSecret', () => {
  const sealAll = (secrets: Record<string, string>, under: Master) =>
    eachSecret(secrets, (secret) => sealSecret(secret, under));

  it('seals each secret under its own salt and opens them all again by name', async () => {
    // Parsed, as stored data would be, so "__proto__" is a name like any other rather than the prototype.
    const secrets = JSON.parse(
      '{"https://a.example":"key-a","https://b.example":"key-b","__proto__":"key-c"}',
    ) as Record<string, string>;
    const sealed = await sealAll(secrets, master);
    expect(Object.keys(sealed).sort()).toEqual(['__proto__', 'https://a.example', 'https://b.example']);
    expect(new Set(Object.values(sealed).map((envelope) => envelope.salt)).size).toBe(3);
    const opened = await eachSecret(sealed, (envelope) => openSecret(envelope, master));
    expect(Object.entries(opened).sort()).toEqual(Object.entries(secrets).sort());
    expect(Object.getPrototypeOf(opened)).toBe(Object.prototype);
  });

  it('opens nothing to nothing, and rejects as a whole when any one does not open', async () => {
    const open = (sealed: Record<string, SealedSecret>, under: Master) =>
      eachSecret(sealed, (envelope) => openSecret(envelope, under));
    expect(await open({}, master)).toEqual({});
    const sealed = await sealAll({ a: 'key-a', b: 'key-b' }, master);
    const damaged = { ...sealed, b: flipped(sealed.b as SealedSecret, 'data') };
    await expect(open(damaged, master)).rejects.toMatchObject({ info: { kind: 'wrong_passphrase' } });
    const other = (await createMaster(PASSPHRASE)).master;
    await expect(open(sealed, other)).rejects.toMatchObject({ info: { kind: 'wrong_passphrase' } });
  });
});
