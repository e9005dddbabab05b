import { storage } from 'wxt/utils/storage';
import type { Copies } from './copies-schema';

/** Per-entry copy state and the space used; the background writes it, pages watch it. No zod here. */
export const copiesItem = storage.defineItem<Copies>('local:copies', {
  fallback: { entries: {}, usedBytes: 0 },
  version: 1,
});
