import { vi } from 'vitest';
import type * as Pbkdf2 from '@/utils/keys/lock/pbkdf2';
import { MIN_ITERATIONS } from '@/utils/keys/lock/sealed-secret';

const real = await vi.importActual<typeof Pbkdf2>('@/utils/keys/lock/pbkdf2');

export const { deriveBits, passphraseBytes } = real;

/**
 * stretchPassphrase at 1,000 iterations for the standard 600,000, one more for each above it: a test
 * unlocks dozens of times in milliseconds, the locks still pass the schema's bounds, and a changed count
 * still changes the master. Stand it in with `vi.mock('@/utils/keys/lock/pbkdf2', () => import('./cheap-pbkdf2'))`.
 */
export const stretchPassphrase: typeof real.stretchPassphrase = (passphrase, salt, iterations) =>
  real.stretchPassphrase(passphrase, salt, iterations - MIN_ITERATIONS + 1000);
