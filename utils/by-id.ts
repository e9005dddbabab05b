/**
 * A record keyed by ids read from storage, sync or a file, without a prototype: `constructor`, `toString`
 * or `__proto__` then name only what was put in, and setting `__proto__` stores it instead of replacing
 * the prototype. No zod here: pages use it too.
 */
export function byId<T>(pairs: Iterable<readonly [string, T]>): Record<string, T> {
  const record: Record<string, T> = Object.create(null);
  for (const [id, value] of pairs) record[id] = value;
  return record;
}
