import { describe, expect, it } from 'vitest';
import { bytesToBase64 } from '@/utils/keys/lock/base64';
import {
  type LockKdf,
  lockKdfSchema,
  MAX_DATA_BYTES,
  type SealedSecret,
  sealedSecretSchema,
} from '@/utils/keys/lock/sealed-secret';

const bytes = (count: number) => bytesToBase64(new Uint8Array(count).fill(7));

const valid: SealedSecret = {
  v: 1,
  salt: bytes(16),
  iv: bytes(12),
  data: bytes(28),
};

const accepts = (change: Record<string, unknown>) =>
  sealedSecretSchema.safeParse({ ...valid, ...change }).success;

const validKdf: LockKdf = { kdf: 'PBKDF2-SHA-256', iterations: 600_000, salt: bytes(16) };

const acceptsKdf = (change: Record<string, unknown>) =>
  lockKdfSchema.safeParse({ ...validKdf, ...change }).success;

describe('sealedSecretSchema', () => {
  it('takes an envelope at each bound', () => {
    expect(accepts({})).toBe(true);
    expect(acceptsKdf({})).toBe(true);
    expect(acceptsKdf({ iterations: 10_000_000 })).toBe(true);
    expect(accepts({ data: bytes(16) })).toBe(true);
    expect(accepts({ data: bytes(MAX_DATA_BYTES) })).toBe(true);
  });

  it('refuses a salt or IV of the wrong length', () => {
    expect(accepts({ salt: bytes(15) })).toBe(false);
    expect(accepts({ salt: bytes(17) })).toBe(false);
    expect(acceptsKdf({ salt: bytes(15) })).toBe(false);
    expect(accepts({ salt: '' })).toBe(false);
    expect(accepts({ iv: bytes(11) })).toBe(false);
    expect(accepts({ iv: bytes(16) })).toBe(false);
  });

  it('refuses too few, too many or non-integer iterations', () => {
    for (const iterations of [599_999, 1000, 0, -600_000, 10_000_001, 600_000.5, '600000', Number.NaN]) {
      expect(acceptsKdf({ iterations }), String(iterations)).toBe(false);
    }
  });

  it('refuses data shorter than a tag or longer than the bound, a huge value by its length alone', () => {
    expect(accepts({ data: bytes(15) })).toBe(false);
    expect(accepts({ data: bytes(MAX_DATA_BYTES + 1) })).toBe(false);
    const huge = sealedSecretSchema.safeParse({ ...valid, data: 'A'.repeat(10_000_000) });
    expect(huge.success).toBe(false);
    // Refused by its length; the base64 and byte-count checks never ran on it.
    expect(huge.error?.issues).toHaveLength(1);
    expect(huge.error?.issues[0]).toMatchObject({ code: 'too_big', path: ['data'] });
  });

  it('refuses text that is not canonical base64', () => {
    const salt = bytes(16);
    for (const text of [
      salt.replace(/==$/, ''),
      ` ${salt}`,
      salt.replace('B', '-'),
      salt.replace(/.$/, 'A'),
    ]) {
      expect(accepts({ salt: text }), text).toBe(false);
    }
  });

  it('refuses another version or KDF, a missing field and what is not an object', () => {
    expect(accepts({ v: 2 })).toBe(false);
    expect(acceptsKdf({ kdf: 'PBKDF2-SHA-1' })).toBe(false);
    expect(acceptsKdf({ kdf: 'argon2id' })).toBe(false);
    const { iv: _iv, ...withoutIv } = valid;
    expect(sealedSecretSchema.safeParse(withoutIv).success).toBe(false);
    for (const value of [null, 'sealed', [], 42])
      expect(sealedSecretSchema.safeParse(value).success).toBe(false);
  });
});
