import { browser } from 'wxt/browser';
import { SYNC_LIBRARY_LIMIT } from '../library/limits';
import { librarySchema } from '../library/schema';
import { budgetsOf, profilesFromVersion1, sharedSettingsOf } from '../profiles/repair';
import { profilesSchema } from '../profiles/schema';
import { createSerial } from '../serial';
import { settingsSchema } from '../settings/schema';
import { libraryItem, type SyncState, syncStateItem } from '../storage/items';
import { writeKeyStatus } from './key-status';
import { readProfiles, writeProfiles } from './profile-store';

/**
 * The settings, the profiles and the library follow the person to their other browsers through
 * storage.sync; storage.local stays the source of truth and this mirrors it both ways. Keys, the history
 * and kept copies are never read here, so nothing secret or large can reach sync.
 *
 * Each document is a header `<name>` = { at, n } and its JSON text in chunk items `<name>.0` … `<name>.<n-1>`,
 * as one item holds at most 8,192 bytes. The names are the local items' own, so a local change names its document.
 */
const NAMES = ['library', 'profiles', 'settings'] as const;
type Name = (typeof NAMES)[number];
type Header = { at: number; n: number };
type Items = Record<string, unknown>;

/** JSON.stringify writes no character in more than 6 bytes (`\u0001`, a lone surrogate): 7,800 with the quotes and key. */
const SLICE = 1300;

const sync = () => browser.storage.sync;
const serially = createSerial();
const run = (task: () => Promise<void>) => void serially(task).catch(() => undefined);

const textOf = (all: Items, name: Name) =>
  Array.from({ length: (all[name] as Header).n }, (_, i) => all[`${name}.${i}`]).join('');

/**
 * This browser's documents: the profiles without the active one's id and the settings without what each
 * profile has of its own (service, budgets), which travels with the profiles.
 */
async function localDocs(): Promise<Record<Name, string>> {
  const [{ profiles, settings }, library] = await Promise.all([readProfiles(), libraryItem.getValue()]);
  return {
    library: JSON.stringify(library),
    profiles: JSON.stringify(profiles.list),
    settings: JSON.stringify(sharedSettingsOf(settings)),
  };
}

/**
 * Writes the named documents where they differ from what sync holds. Only those whose local items changed:
 * a browser that has not received the others yet must not overwrite them with its own. After a refused
 * write, all of them.
 */
async function push(changed: readonly Name[] = NAMES): Promise<void> {
  const [all, state, docs] = await Promise.all([sync().get(null), syncStateItem.getValue(), localDocs()]);
  const next: SyncState = { at: { ...state.at }, tooBig: state.tooBig };
  const items: Items = {};
  const stale: string[] = [];
  for (const name of state.paused ? NAMES : changed) {
    const text = docs[name];
    const old = all[name] as Header | undefined;
    if (name === 'library') {
      const size = new TextEncoder().encode(JSON.stringify(text)).length;
      next.tooBig = size > SYNC_LIBRARY_LIMIT ? size : undefined;
      if (next.tooBig) continue;
    }
    if (old && text === textOf(all, name)) continue;
    const n = Math.ceil(text.length / SLICE);
    next.at[name] = Date.now();
    items[name] = { at: next.at[name], n };
    for (let i = 0; i < Math.max(n, old?.n ?? 0); i++) {
      if (i < n) items[`${name}.${i}`] = text.slice(i * SLICE, (i + 1) * SLICE);
      else stale.push(`${name}.${i}`);
    }
  }
  try {
    // Every call counts against the browser's write rate, an empty one too.
    if (stale.length || Object.keys(items).length) {
      await sync().set(items);
      await sync().remove(stale);
    }
  } catch {
    // Quota or write rate: what sync holds is older than this browser's, and the next change or start retries.
    return syncStateItem.setValue({ ...next, at: state.at, paused: true });
  }
  await syncStateItem.setValue(next);
}

/** Takes each document another browser wrote since this one last saw it, as far as the schemas accept it. */
async function pull(): Promise<void> {
  const [all, state, { profiles, settings }] = await Promise.all([
    sync().get(null),
    syncStateItem.getValue(),
    readProfiles(),
  ]);
  const at = { ...state.at };
  const newer = (name: Name): unknown => {
    const header = all[name] as Header | undefined;
    if (!header || !(header.at > (at[name] ?? 0))) return undefined;
    at[name] = header.at;
    try {
      return JSON.parse(textOf(all, name));
    } catch {
      return undefined;
    }
  };
  // A library too large for sync is this browser's own: an older, smaller copy must not replace it.
  const library = librarySchema.safeParse(state.tooBig ? undefined : newer('library'));
  if (library.success) await libraryItem.setValue(library.data);
  const list = newer('profiles');
  const rest = newer('settings');
  if (list !== undefined || rest !== undefined) {
    // A release before per-profile budgets sends profiles without them: each keeps its budgets here (a new
    // one gets the active profile's, as that release applies one set to all).
    const here = (profile: { id?: unknown }) =>
      profiles.list.find((own) => own.id === profile.id)?.budgets ?? budgetsOf(settings);
    const pulled = profilesSchema.safeParse(
      profilesFromVersion1({ activeId: profiles.activeId, list }, here),
    );
    const next = pulled.success ? pulled.data : profiles;
    // The active profile is this browser's choice, while it still exists; keys stay per browser, so a
    // profile new here asks for its key.
    if (!next.list.some((profile) => profile.id === next.activeId)) next.activeId = next.list[0]?.id ?? '';
    const own = next.list.find((profile) => profile.id === next.activeId);
    const mine = { ...own?.service, ...own?.budgets };
    const merged = settingsSchema.safeParse({ ...settings, ...(rest as object), ...mine });
    await writeProfiles(next, merged.success ? merged.data : { ...settings, ...mine });
    await writeKeyStatus();
  }
  await syncStateItem.setValue({ ...state, at });
}

/** Starts the mirror; called synchronously as the worker starts, so a sync change that woke it is seen. */
export function startSync(): void {
  browser.storage.onChanged.addListener((changes, area) => {
    if (area === 'sync') return run(pull);
    const changed = NAMES.filter((name) => name in changes);
    if (area === 'local' && changed.length) run(() => push(changed));
  });
  run(async () => {
    await pull();
    if ((await syncStateItem.getValue()).paused) await push();
  });
}

/** Resolves once the sync tasks queued so far are done (tests). */
export const syncDone = () => serially(async () => undefined);
