import * as z from 'zod/mini';
import { originOf } from '../../http-url';
import { apiKeys, forgetKeysOf, isLocked, keyBelongsTo } from '../../keys/background';
import { base64ToBytes, bytesToBase64 } from '../../keys/lock/base64';
import { type BackupPlace, placeUrl } from '../backup-schema';

/**
 * The backup's secrets: the target's password or secret key, and the backup's root (the stretched
 * passphrase its keys come from). They are kept as the API keys are, beside them under an id no profile can
 * have (profiles/id.ts): plain, sealed by the key lock's passphrase, or in the session only, as the person
 * chose for keys; bound to the target's origin, so they open for that origin alone; never synced, never sent
 * to a page.
 */
export const BACKUP_SECRET_ID = ':backup';

export interface BackupSecrets {
  credential: string;
  root: Uint8Array<ArrayBuffer>;
}

const storedSecretsSchema = z.object({
  credential: z.string().check(z.maxLength(1000)),
  root: z.string().check(z.maxLength(100)),
});

export async function saveBackupSecrets(
  place: BackupPlace,
  secrets: BackupSecrets,
  id: string,
): Promise<void> {
  const key = JSON.stringify({ credential: secrets.credential, root: bytesToBase64(secrets.root) });
  await apiKeys.set(BACKUP_SECRET_ID, { key, origin: originOf(placeUrl(place)), id });
}

/** The secrets for this place; 'locked' while the key lock holds them; undefined when there are none for it. */
export async function backupSecrets(place: BackupPlace): Promise<BackupSecrets | 'locked' | undefined> {
  const stored = await apiKeys.of(BACKUP_SECRET_ID);
  if (!keyBelongsTo(stored, originOf(placeUrl(place)))) return (await isLocked()) ? 'locked' : undefined;
  try {
    const parsed = storedSecretsSchema.parse(JSON.parse(stored.key));
    return { credential: parsed.credential, root: base64ToBytes(parsed.root) };
  } catch {
    return undefined;
  }
}

export const forgetBackupSecrets = (also: Record<string, unknown> = {}) =>
  forgetKeysOf([BACKUP_SECRET_ID], also);
