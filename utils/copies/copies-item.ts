import { defineKeyedItem } from '../storage/keyed-item';
import type { Copies } from './copies-schema';

/** Per-entry copy state and the space used; the background writes it, pages watch it. No zod here. */
export const copiesItem = defineKeyedItem<Copies>('local:copies', {
  fallback: { entries: {}, usedBytes: 0 },
});
