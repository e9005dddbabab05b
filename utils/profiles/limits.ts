/** Bounds of the profiles, apart from their schema so pages can use them without loading zod. */
export const MAX_PROFILES = 20;
export const MAX_PROFILE_NAME = 60;
/**
 * The models a profile lists: a short list to pick from, and the most one comparison of models may send to
 * (6, issue #38). Ids are visible ASCII without quotes or backslashes (as services name their models, and
 * nothing JSON escapes) and names have no control characters, so 20 profiles' full lists take at most 18.6 KB
 * of the 22.4 KB storage.sync keeps beside the library (tests/unit/background/profile-models.test.ts).
 */
export const MAX_PROFILE_MODELS = 6;
export const MAX_MODEL_ID = 64;
export const MAX_MODEL_NAME = 20;
