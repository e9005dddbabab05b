import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import { writeKeyStatus, writeProfiles } from '@/utils/keys/background';
import { readProfiles } from '@/utils/profiles/background';
import { isRecord } from '../../api/text';
import { SYNC_LIBRARY_LIMIT } from '../../library/limits';
import { librarySchema } from '../../library/schema';
import { budgetsOf, sharedSettingsOf, withMissingFields } from '../../profiles/repair';
import { profilesSchema } from '../../profiles/schema';
import { createSerial } from '../../serial';
import { settingsSchema } from '../../settings/schema';
import { libraryItem, type SyncState, syncStateItem } from '../../storage/items';
import { wholeNumber } from '../../whole-number';

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
type Items = Record<string, unknown>;

/**
 * JSON.stringify writes no character in more than 6 bytes (`\u0001`, a lone surrogate): 7,800, or 7,814 with
 * the quotes and the longest key (`profiles.508`), within the 8,192 bytes an item may take.
 */
const SLICE = 1300;

/** storage.sync's quotas, the same in Chrome and Firefox. */
const QUOTA_BYTES = 102_400;
const MAX_ITEMS = 512;
/** The smallest item a chunk can be: the shortest key (`library.0`) and one character in quotes. */
const MIN_CHUNK_BYTES = 'library.0'.length + 3;
/**
 * The most chunks a document in storage.sync can have: the items left beside the three headers, and what
 * the bytes allow (the smaller of 509 and 8,533). A header claiming more was not written by this extension.
 */
const MAX_CHUNKS = Math.min(MAX_ITEMS - NAMES.length, Math.floor(QUOTA_BYTES / MIN_CHUNK_BYTES));
/** Clocks of the person's browsers disagree a little; a document from further ahead would shadow every later one. */
const MAX_AHEAD_MS = 24 * 60 * 60 * 1000;

// zod's number refuses NaN and the infinities.
const headerSchema = z.object({ at: z.number(), n: wholeNumber().check(z.gte(0), z.lte(MAX_CHUNKS)) });
type Header = z.infer<typeof headerSchema>;

/** A document's header as far as it can be looped over and believed; anything else is no document. */
function headerOf(all: Items, name: Name): Header | undefined {
  const header = headerSchema.safeParse(all[name]).data;
  return header && header.at <= Date.now() + MAX_AHEAD_MS ? header : undefined;
}

/** The document's JSON text, or undefined when a chunk is missing or not text. */
function textOf(all: Items, name: Name, { n }: Header): string | undefined {
  const chunks = Array.from({ length: n }, (_, i) => all[`${name}.${i}`]);
  return chunks.every((chunk) => typeof chunk === 'string') ? chunks.join('') : undefined;
}

/**
 * The text cut into chunks of at most SLICE code units, never between the halves of a surrogate pair: a
 * lone half is not valid Unicode, and the browser may replace it on its way through sync.
 */
export function chunksOf(text: string): string[] {
  const chunks: string[] = [];
  for (let start = 0; start < text.length; ) {
    let end = Math.min(start + SLICE, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
    chunks.push(text.slice(start, end));
    start = end;
  }
  return chunks;
}

const sync = () => browser.storage.sync;
const serially = createSerial();
const run = (task: () => Promise<void>) => void serially(task).catch(() => undefined);

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
    const old = headerOf(all, name);
    if (name === 'library') {
      const size = new TextEncoder().encode(JSON.stringify(text)).length;
      next.tooBig = size > SYNC_LIBRARY_LIMIT ? size : undefined;
      if (next.tooBig) continue;
    }
    if (old && text === textOf(all, name, old)) continue;
    const chunks = chunksOf(text);
    // Newer than what sync holds even when that came from a browser whose clock is ahead, or it would be ignored.
    next.at[name] = Math.max(Date.now(), (old?.at ?? 0) + 1);
    items[name] = { at: next.at[name], n: chunks.length };
    for (const [i, chunk] of chunks.entries()) items[`${name}.${i}`] = chunk;
    // The old chunks past the new end, as sync holds them: the old header's count may be damaged.
    stale.push(...Object.keys(all).filter((key) => key.startsWith(`${name}.`) && !Object.hasOwn(items, key)));
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

const parsedJson = (text: string | undefined): unknown => {
  try {
    return text === undefined ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** Takes each document another browser wrote since this one last saw it, as far as the schemas accept it. */
async function pull(): Promise<void> {
  const [all, state, { profiles, settings }] = await Promise.all([
    sync().get(null),
    syncStateItem.getValue(),
    readProfiles(),
  ]);
  const at = { ...state.at };
  /**
   * A newer document as `accept` takes it. Only a taken one is marked seen: one refused (damaged, foreign,
   * partly arrived) is tried again on the next change, so its repaired copy is taken even at the same time.
   */
  const take = <T>(name: Name, accept: (value: unknown) => T | undefined): T | undefined => {
    const header = headerOf(all, name);
    if (!header || !(header.at > (at[name] ?? 0))) return undefined;
    const value = accept(parsedJson(textOf(all, name, header)));
    if (value !== undefined) at[name] = header.at;
    return value;
  };
  // A library too large for sync is this browser's own: an older, smaller copy must not replace it.
  const library = state.tooBig ? undefined : take('library', (value) => librarySchema.safeParse(value).data);
  if (library) await libraryItem.setValue(library);
  // A release before per-profile budgets sends profiles without them, and one before lists of models without
  // those: each keeps its own here (a new one gets the active profile's budgets, as that release applies one
  // set to all, and no models).
  const here = (profile: { id?: unknown }) => {
    const own = profiles.list.find((item) => item.id === profile.id);
    return { budgets: own?.budgets ?? budgetsOf(settings), models: own?.models ?? [] };
  };
  const pulled = take(
    'profiles',
    (list) => profilesSchema.safeParse(withMissingFields({ activeId: profiles.activeId, list }, here)).data,
  );
  const next = pulled ?? profiles;
  // The active profile is this browser's choice, while it still exists; keys stay per browser, so a
  // profile new here asks for its key.
  if (!next.list.some((profile) => profile.id === next.activeId)) next.activeId = next.list[0]?.id ?? '';
  const own = next.list.find((profile) => profile.id === next.activeId);
  const mine = { ...own?.service, ...own?.budgets };
  const merged = take('settings', (rest) =>
    isRecord(rest) ? settingsSchema.safeParse({ ...settings, ...rest, ...mine }).data : undefined,
  );
  if (pulled || merged) {
    await writeProfiles(next, merged ?? { ...settings, ...mine });
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
