import { stretchPassphrase } from '../keys/lock/pbkdf2';

/**
 * The two keys a backup is read and written with, both derived (HKDF-SHA-256) from one root: the
 * stretched passphrase, or the key lock's master when the backup shares the lock's passphrase. The
 * backup's random id is the HKDF salt, so one passphrase gives each backup keys of its own.
 * Neither key is extractable: their bytes never reach script memory, a log or a message.
 */
export interface BackupKeys {
  /** AES-256-GCM, for every object's content (sealed-object.ts). */
  content: CryptoKey;
  /** HMAC-SHA-256, for object names that say nothing of what they hold (objectName). */
  names: CryptoKey;
}

const CONTENT_INFO = new TextEncoder().encode('Promptcast backup v1: objects, AES-256-GCM');
const NAMES_INFO = new TextEncoder().encode('Promptcast backup v1: object names, HMAC-SHA-256');

export async function backupKeys(
  root: Uint8Array<ArrayBuffer>,
  backupId: Uint8Array<ArrayBuffer>,
): Promise<BackupKeys> {
  const { subtle } = globalThis.crypto;
  const base = await subtle.importKey('raw', root, 'HKDF', false, ['deriveKey']);
  const hkdf = (info: Uint8Array<ArrayBuffer>) => ({ name: 'HKDF', hash: 'SHA-256', salt: backupId, info });
  const [content, names] = await Promise.all([
    subtle.deriveKey(hkdf(CONTENT_INFO), base, { name: 'AES-GCM', length: 256 }, false, [
      'encrypt',
      'decrypt',
    ]),
    subtle.deriveKey(hkdf(NAMES_INFO), base, { name: 'HMAC', hash: 'SHA-256', length: 256 }, false, ['sign']),
  ]);
  return { content, names };
}

/** The root from a passphrase typed for this backup, under the header's stretching parameters. */
export function rootFromPassphrase(
  passphrase: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
): Promise<Uint8Array<ArrayBuffer>> {
  return stretchPassphrase(passphrase, salt, iterations);
}

/** Hex digits of an object name: 128 bits of HMAC, as long as a name needs to never collide. */
const NAME_BYTES = 16;

/**
 * The name an object is stored under: an HMAC of what it is (`entries/3`, `copy/<entry id>/0`), so the
 * storage provider sees random names, and whoever holds the keys finds any object without a listing.
 */
export async function objectName(keys: BackupKeys, logical: string): Promise<string> {
  const mac = await globalThis.crypto.subtle.sign('HMAC', keys.names, new TextEncoder().encode(logical));
  return [...new Uint8Array(mac, 0, NAME_BYTES)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
