import { vi } from 'vitest';
import type * as Pbkdf2 from '@/utils/lock/pbkdf2';
import { MIN_ITERATIONS } from '@/utils/lock/sealed-secret';

const real = await vi.importActual<typeof Pbkdf2>('@/utils/lock/pbkdf2');

export const { deriveBits, passphraseBytes } = real;

/**
 * deriveKey at 1,000 iterations for the standard 600,000, one more for each above it: a test opens dozens
 * of envelopes in milliseconds, the envelopes still pass the schema's bounds, and a changed count still
 * changes the key. Stand it in with `vi.mock('@/utils/lock/pbkdf2', () => import('./cheap-pbkdf2'))`.
 */
export const deriveKey: typeof real.deriveKey = (passphrase, salt, iterations) =>
  real.deriveKey(passphrase, salt, iterations - MIN_ITERATIONS + 1000);
