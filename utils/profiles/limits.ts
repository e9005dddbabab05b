/** Bounds of the profiles, apart from their schema so pages can use them without loading zod. */
export const MAX_PROFILES = 20;
export const MAX_PROFILE_NAME = 60;
