/** Bounds of the prompt library, apart from its schema so pages can use them without loading zod. */
export const MAX_LIBRARY = 1000;
export const MAX_LIBRARY_NAME = 80;
export const MAX_LIBRARY_TAGS = 20;
export const MAX_LIBRARY_TAG = 30;
export const MAX_LIBRARY_MODEL = 200;
/** What a library file (the library page's export) says it is. */
export const LIBRARY_FORMAT = 'promptcast-library';
/** Context-menu entries for pinned prompts: a menu longer than this is no longer read, only scrolled. */
export const MAX_PINNED = 20;
/**
 * The room the library may take in storage.sync (102,400 bytes in all), so the settings and profiles keep
 * theirs; a larger library stays in this browser only.
 */
export const SYNC_LIBRARY_LIMIT = 80_000;
