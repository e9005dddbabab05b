/** The shortest passphrase a lock may be set with: pages check it as the person types, the background again. */
export const MIN_PASSPHRASE = 8;

/** The idle times the options page offers, in minutes; 0 keeps the keys unlocked until the browser closes. */
export const IDLE_CHOICES = [15, 60, 240, 0] as const;
