import { AppError } from '../../error-info';
import { type Master, openSecret, sealSecret } from './seal';
import type { SealedSecret } from './sealed-secret';

/**
 * What a verifier seals. Any fixed text would do, since GCM's tag is what checks the master; a known one
 * also tells a verifier apart from a sealed key passed in its place.
 */
const VERIFIER_TEXT = 'Promptcast key lock verifier v1';

/** A sealed known text, so a passphrase can be checked while no key is locked. */
export function sealVerifier(master: Master): Promise<SealedSecret> {
  return sealSecret(VERIFIER_TEXT, master);
}

/**
 * Resolves when the master is the one the verifier was sealed under. Rejects with `wrong_passphrase` as
 * openSecret does, so an unlock has one failure to handle.
 */
export async function checkVerifier(sealed: unknown, master: Master): Promise<void> {
  if ((await openSecret(sealed, master)) !== VERIFIER_TEXT) {
    throw new AppError('unexpected', 'Not a key lock verifier.');
  }
}
