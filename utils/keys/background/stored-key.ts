import * as z from 'zod/mini';
import { originOf } from '../../http-url';

/**
 * The key together with the origin it was entered for: a key belongs to one service and is sent nowhere
 * else. `id` names this key (never derived from it) so cached figures can be tagged with the account they
 * were fetched for without storing anything about the key itself.
 */
export const storedKeySchema = z.object({
  key: z.string(),
  /** Origin of the service URL the key was saved with; '' when it was saved without one. */
  origin: z.string(),
  id: z.string(),
});
export type StoredKey = z.infer<typeof storedKeySchema>;

export const NO_KEY: StoredKey = { key: '', origin: '', id: '' };

/** Whether the stored key may be sent to this origin. */
export function keyBelongsTo(stored: StoredKey, origin: string): boolean {
  return stored.key !== '' && origin !== '' && stored.origin === origin;
}

/**
 * Version 1 stored the bare key string. It was only ever used with the configured service, so it belongs
 * to that service's origin; a value of any other shape cannot be trusted with a service and is dropped.
 */
export function keyFromVersion1(stored: unknown, baseUrl: string, newId: () => string): StoredKey {
  if (typeof stored !== 'string' || stored.trim() === '') return NO_KEY;
  return { key: stored, origin: originOf(baseUrl), id: newId() };
}

/** A stored value of an unexpected shape reads as "no key" rather than crashing the worker. */
export function readStoredKey(stored: unknown): StoredKey {
  const parsed = storedKeySchema.safeParse(stored);
  return parsed.success ? parsed.data : NO_KEY;
}

/** The last four characters help tell keys apart; a short key would give away too much of itself. */
export function keyHint(key: string): string | undefined {
  return key.length >= 16 ? key.slice(-4) : undefined;
}

/** Version 3: each profile's key under the profile's id, each checked on its own (readStoredKeys). */
export type StoredKeys = Record<string, StoredKey>;

/** Keys of any unreadable shape are dropped one by one, never all for one bad record. */
export function readStoredKeys(stored: unknown): StoredKeys {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {};
  const keys: StoredKeys = {};
  for (const [profileId, value] of Object.entries(stored)) {
    const key = readStoredKey(value);
    if (key.key) keys[profileId] = key;
  }
  return keys;
}
