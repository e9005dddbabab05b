import { copiesItem } from '../copies/copies-item';
import type { Copies } from '../copies/copies-schema';
import type { HistoryEntry } from '../history/schema';
import type { KeyStatus } from '../messaging/protocol';
import type { Settings } from '../settings/schema';
import { balanceItem, keyStatusItem, profilesItem, type StoredBalance, settingsItem } from '../storage/items';
import { shownCopies, shownEntries, shownKeyStatus, shownSettings, shownStoredBalance } from './stored-view';
import { type ReadableItem, type Stored, useStoredValue } from './use-stored';

/* What pages show, each straight from its storage item; the background is the only writer. */

export const useSettings = (seed?: Settings): Stored<Settings> =>
  useStoredValue(settingsItem, shownSettings, seed);

/** The part of the history `from` reads (the popup's and the side panel's few entries). */
export const useHistory = (
  from: ReadableItem<HistoryEntry[]>,
  seed?: HistoryEntry[],
): Stored<HistoryEntry[]> => useStoredValue(from, shownEntries, seed);

export const useKeyStatus = (): Stored<KeyStatus> => useStoredValue(keyStatusItem, shownKeyStatus);

export const useStoredBalance = (): Stored<StoredBalance> => useStoredValue(balanceItem, shownStoredBalance);

export const useCopies = (): Stored<Copies> => useStoredValue(copiesItem, shownCopies);

/** As stored: what a page can show of it depends on the settings too (utils/profiles/page/profiles-view.ts). */
const asStored = (value: unknown) => value;
export const useStoredProfiles = (): Stored<unknown> => useStoredValue(profilesItem, asStored);
