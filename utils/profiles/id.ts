/**
 * Whether an id may name a profile. Ids key records (keys, balances, names) and arrive from other browsers
 * and from files: one that names a property every object has (`__proto__`, `constructor`, `toString`…) or a
 * function's `prototype` would read or replace that instead of a record. One beginning with `:` names a
 * secret kept beside the profiles' keys (the backup's), which no profile may take the place of. No zod here:
 * pages use it too.
 */
export const isProfileId = (id: string): boolean =>
  id.length > 0 &&
  id.length <= 100 &&
  !id.startsWith(':') &&
  id !== 'prototype' &&
  !Object.hasOwn(Object.prototype, id);
