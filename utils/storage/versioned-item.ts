import { browser } from 'wxt/browser';
import { type LocalKey, nameOf } from './keyed-item';

/** Each step takes the value stored by the version before and returns it in the shape of its own. */
export type Migrations = Record<number, (stored: unknown) => unknown>;

export interface VersionedItem {
  /** The stored value in the shape of `version` (migrated first when older), or undefined when none is stored. */
  getValue(): Promise<unknown>;
  setValue(value: unknown): Promise<void>;
  /** The storage items that hold `value` at this version, for a write that joins other items in one call. */
  entries(value: unknown): Record<string, unknown>;
}

/**
 * A storage.local item whose stored shape has versions, with the version kept where WXT's `storage` keeps it
 * (`{ v }` under the key plus `$`), so a profile written by an earlier release reads the same. Every read
 * checks the version in the same storage call as the value, so no state outlives the worker; a migration
 * under way is shared by the reads that arrive meanwhile, so it runs, and writes, once.
 *
 * A migration that fails leaves the stored value as it was, to be tried again by the next read; this read
 * gets the old value, which the caller's own validation then refuses. A value from a later version (the
 * person went back to an older release) is left alone, for the same validation to judge.
 */
export function defineVersionedItem(
  key: LocalKey,
  { version, migrations }: { version: number; migrations: Migrations },
): VersionedItem {
  const name = nameOf(key);
  const metaName = `${name}$`;
  let migrating: Promise<unknown> | undefined;

  const migrate = async (value: unknown, from: number, meta: object): Promise<unknown> => {
    try {
      let migrated = value;
      for (let step = from + 1; step <= version; step++)
        migrated = (await migrations[step]?.(migrated)) ?? migrated;
      await browser.storage.local.set({ [name]: migrated, [metaName]: { ...meta, v: version } });
      return migrated;
    } catch (error) {
      console.warn(`Could not migrate ${name} from version ${from} to ${version}`, error);
      return value;
    }
  };

  const entries = (value: unknown) => ({ [name]: value, [metaName]: { v: version } });

  return {
    entries,
    async getValue() {
      if (migrating) return migrating;
      const stored = await browser.storage.local.get([name, metaName]);
      const value = stored[name];
      const meta = (stored[metaName] ?? {}) as { v?: unknown };
      const from = typeof meta.v === 'number' ? meta.v : 1;
      if (value == null || from >= version) return value ?? undefined;
      migrating ??= migrate(value, from, meta).finally(() => {
        migrating = undefined;
      });
      return migrating;
    },
    async setValue(value) {
      await migrating;
      await browser.storage.local.set(entries(value));
    },
  };
}
