import { AppError } from '../error-info';
import { openSecret, sealSecret } from './seal';
import type { SealedSecret } from './sealed-secret';

/**
 * What a verifier seals. Any fixed text would do, since GCM's tag is what checks the passphrase; a known
 * one also tells a verifier apart from a sealed key passed in its place.
 */
const VERIFIER_TEXT = 'Promptcast key lock verifier v1';

/**
 * A sealed known text, kept so a passphrase can be checked while no key is locked: with keys, opening any
 * of them checks it.
 */
export function sealVerifier(passphrase: string): Promise<SealedSecret> {
  return sealSecret(VERIFIER_TEXT, passphrase);
}

/**
 * Resolves when the passphrase is the one the verifier was sealed under. Rejects with `wrong_passphrase`
 * as openSecret does, so an unlock has one failure to handle whether it checked a key or the verifier.
 */
export async function checkVerifier(sealed: SealedSecret, passphrase: string): Promise<void> {
  if ((await openSecret(sealed, passphrase)) !== VERIFIER_TEXT) {
    throw new AppError('unexpected', 'The sealed value given as the verifier holds something else.');
  }
}
