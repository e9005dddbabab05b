/** Zod-free, so pages can check stored records against the same list the schema is built from. */
export const COPY_STATES = ['keeping', 'kept', 'failed', 'evicted', 'expired', 'tooBig'] as const;
