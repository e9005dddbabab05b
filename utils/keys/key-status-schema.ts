import * as z from 'zod/mini';

/** What pages may know about the keys: the storage item `keyStatus`, written by the background alone. */
export const keyStatusSchema = z.object({
  /** A key is stored for the configured service's origin. */
  set: z.boolean(),
  /** The origin the stored key was entered for, whenever a key is stored ('' for none in particular). */
  origin: z.optional(z.string()),
  /** Only for keys long enough that four characters give little away. */
  last4: z.optional(z.string().check(z.maxLength(4))),
  /** The origin each profile's key belongs to, by profile id: a job waits only when its own profile has no key for it. */
  origins: z.optional(z.record(z.string(), z.string())),
  /** The key lock chosen (README "Key lock"); absent: keys are stored plain. */
  lock: z.optional(z.enum(['passphrase', 'session'])),
  /** A passphrase lock whose keys are not unlocked: nothing that needs a key is sent. */
  locked: z.optional(z.boolean()),
  /** The passphrase lock's idle time in minutes (0: until the browser closes). */
  idleMin: z.optional(z.number()),
});
export type KeyStatus = z.infer<typeof keyStatusSchema>;
