import { defineKeyedItem } from '../storage/keyed-item';
import type { Copies } from './copies-schema';

/** Per-entry copy state and the space used; the background writes it, pages watch it. No zod here. */
/**
 * The copy records before storage answered: one object, so context consumers do not re-render for nothing.
 * Here, not with the media grid's helpers: the popup reads it at open and draws no grid.
 */
export const NO_COPIES: Copies['entries'] = {};

export const copiesItem = defineKeyedItem<Copies>('local:copies', {
  fallback: { entries: {}, usedBytes: 0 },
});
