import { defineItemOnUse } from '../storage/item-on-use';
import type { Copies } from './copies-schema';

/** Per-entry copy state and the space used; the background writes it, pages watch it. No zod here. */
export const copiesItem = defineItemOnUse<Copies>('local:copies', {
  fallback: { entries: {}, usedBytes: 0 },
  version: 1,
});
