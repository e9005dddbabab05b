import { describe, expect, it, vi } from 'vitest';
import { AppError } from '@/utils/error-info';
import { base64ToBytes, bytesToBase64 } from '@/utils/lock/base64';
import {
  MAX_SECRET_BYTES,
  openAll,
  openSecret,
  PBKDF2_ITERATIONS,
  sealAll,
  sealSecret,
} from '@/utils/lock/seal';
import {
  MAX_ITERATIONS,
  MIN_ITERATIONS,
  type SealedSecret,
  sealedSecretSchema,
} from '@/utils/lock/sealed-secret';

vi.mock('@/utils/lock/pbkdf2', () => import('./cheap-pbkdf2'));

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

describe('sealSecret and openSecret', () => {
  it('seal a secret into an envelope the schema takes and open it again', async () => {
    const sealed = await sealSecret('sk-live-1234', PASSPHRASE);
    expect(sealedSecretSchema.parse(sealed)).toEqual(sealed);
    expect(sealed).toMatchObject({ v: 1, kdf: 'PBKDF2-SHA-256', iterations: PBKDF2_ITERATIONS });
    expect(base64ToBytes(sealed.data)).toHaveLength('sk-live-1234'.length + 16);
    expect(await openSecret(sealed, PASSPHRASE)).toBe('sk-live-1234');
  });

  it('keep any Unicode text, an empty secret and the longest one allowed', async () => {
    for (const secret of ['', 'clé 🔑 ключ', 'x'.repeat(MAX_SECRET_BYTES)]) {
      const sealed = await sealSecret(secret, PASSPHRASE);
      expect(await openSecret(sealedSecretSchema.parse(sealed), PASSPHRASE)).toBe(secret);
    }
  });

  it('use new salt and IV each time, so the same secret never seals the same way twice', async () => {
    const [first, second] = await Promise.all([
      sealSecret('same', PASSPHRASE),
      sealSecret('same', PASSPHRASE),
    ]);
    expect(first?.salt).not.toBe(second?.salt);
    expect(first?.iv).not.toBe(second?.iv);
    expect(first?.data).not.toBe(second?.data);
  });

  it('refuse a wrong passphrase with wrong_passphrase, also one differing only in case or a space', async () => {
    const sealed = await sealSecret('sk-live-1234', PASSPHRASE);
    for (const wrong of ['wrong', PASSPHRASE.toUpperCase(), `${PASSPHRASE} `, '']) {
      const error = await rejection(openSecret(sealed, wrong));
      expect(error, wrong).toBeInstanceOf(AppError);
      expect((error as AppError).info).toEqual({
        kind: 'wrong_passphrase',
        message: 'The passphrase is wrong, or the locked data was altered.',
      });
    }
  });

  it('open with the passphrase typed in another Unicode form', async () => {
    const sealed = await sealSecret('sk-live-1234', 'caf\u00e9 au lait');
    expect(await openSecret(sealed, 'cafe\u0301 au lait')).toBe('sk-live-1234');
  });

  it('refuse altered ciphertext, tag, IV, salt or iteration count as a wrong passphrase', async () => {
    const sealed = await sealSecret('sk-live-1234', PASSPHRASE);
    const tagStart = base64ToBytes(sealed.data).length - 16;
    const altered = [
      flipped(sealed, 'data'),
      flipped(sealed, 'data', tagStart + 15),
      flipped(sealed, 'iv'),
      flipped(sealed, 'salt', 15),
      { ...sealed, iterations: sealed.iterations + 1 },
      // Cut to the tag alone: still the schema's shape, and still refused.
      { ...sealed, data: bytesToBase64(base64ToBytes(sealed.data).slice(tagStart)) },
    ];
    for (const [index, envelope] of altered.entries()) {
      expect(sealedSecretSchema.safeParse(envelope).success, `envelope ${index}`).toBe(true);
      await expect(openSecret(envelope, PASSPHRASE), `envelope ${index}`).rejects.toMatchObject({
        info: { kind: 'wrong_passphrase' },
      });
    }
  });

  it('refuse an envelope outside the schema before deriving anything, saying it is malformed', async () => {
    const sealed = await sealSecret('sk-live-1234', PASSPHRASE);
    const planted = { ...sealed, iterations: 2_000_000_000 };
    const subtle = globalThis.crypto.subtle;
    const deriveKey = vi.spyOn(subtle, 'deriveKey');
    await expect(openSecret(planted, PASSPHRASE)).rejects.toMatchObject({
      info: { kind: 'wrong_passphrase', detail: 'malformed' },
    });
    expect(deriveKey).not.toHaveBeenCalled();
    deriveKey.mockRestore();
  });

  it('refuse an empty passphrase and a secret too long for the envelope, sealing nothing', async () => {
    await expect(sealSecret('sk', '')).rejects.toMatchObject({ info: { kind: 'invalid_input' } });
    await expect(sealSecret('é'.repeat(MAX_SECRET_BYTES / 2 + 1), PASSPHRASE)).rejects.toMatchObject({
      info: {
        kind: 'invalid_input',
        message: `The secret is too long to lock: ${MAX_SECRET_BYTES + 2} bytes, at most ${MAX_SECRET_BYTES}.`,
      },
    });
  });

  it('seal with an iteration count within the bounds every envelope is checked against', () => {
    expect(PBKDF2_ITERATIONS).toBeGreaterThanOrEqual(MIN_ITERATIONS);
    expect(PBKDF2_ITERATIONS).toBeLessThanOrEqual(MAX_ITERATIONS);
  });
});

describe('sealAll and openAll', () => {
  it('seal each secret under its own salt and open them all again by name', async () => {
    // Parsed, as stored data would be, so "__proto__" is a name like any other rather than the prototype.
    const secrets = JSON.parse(
      '{"https://a.example":"key-a","https://b.example":"key-b","__proto__":"key-c"}',
    );
    const sealed = await sealAll(secrets as Record<string, string>, PASSPHRASE);
    expect(Object.keys(sealed).sort()).toEqual(['__proto__', 'https://a.example', 'https://b.example']);
    expect(new Set(Object.values(sealed).map((envelope) => envelope.salt)).size).toBe(3);
    const opened = await openAll(sealed, PASSPHRASE);
    expect(Object.entries(opened).sort()).toEqual(Object.entries(secrets).sort());
    expect(Object.getPrototypeOf(opened)).toBe(Object.prototype);
  });

  it('open nothing to nothing, and reject as a whole when any one does not open', async () => {
    expect(await openAll({}, PASSPHRASE)).toEqual({});
    const sealed = await sealAll({ a: 'key-a', b: 'key-b' }, PASSPHRASE);
    const damaged = { ...sealed, b: flipped(sealed.b as SealedSecret, 'data') };
    await expect(openAll(damaged, PASSPHRASE)).rejects.toMatchObject({ info: { kind: 'wrong_passphrase' } });
    await expect(openAll(sealed, 'wrong')).rejects.toMatchObject({ info: { kind: 'wrong_passphrase' } });
  });
});
