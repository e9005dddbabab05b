import type { ErrorInfo } from '../error-info';
import type { HistoryEntry } from '../history/schema';
import { withoutThumbnails } from '../history/thumbnail';
import type { Balance } from '../messaging/protocol';
import { profileLabel, type ShownProfiles, snapshotProfiles } from '../profiles/page/profiles-view';
import type { Settings } from '../settings/schema';
import { shownView } from './stored-view';

/** What the popup and the side panel show before storage answers: enough to paint them at once. */
export interface CachedView {
  settings: Settings;
  history: HistoryEntry[];
  balance: Balance | null;
  balanceError?: ErrorInfo;
  /** The balance as the popup words it ("1,000 credits"), for the shell that paints before React. */
  balanceText?: string;
  profiles?: ShownProfiles;
}

const KEY = 'promptcast:popup-snapshot:v1';
const SNAPSHOT_HISTORY = 20;

/**
 * The last view of the popup or the side panel, kept in localStorage because that is the only storage an
 * extension page can read synchronously: the first frame then shows the balance without waiting for anything.
 * It holds nothing secret (the key never reaches a page) and anything unreadable is ignored.
 */
export function readSnapshot(store: Pick<Storage, 'getItem'> = localStorage): CachedView | undefined {
  try {
    const value: unknown = JSON.parse(store.getItem(KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return undefined;
    const view = value as Record<string, unknown>;
    if (view.settings === undefined || view.history === undefined || view.balance === undefined) {
      return undefined;
    }
    const profiles = snapshotProfiles(view.profiles);
    return {
      ...shownView({
        settings: view.settings,
        history: view.history,
        balance: view.balance,
        balanceError: view.balanceError,
      }),
      ...(typeof view.balanceText === 'string' ? { balanceText: view.balanceText } : {}),
      ...(profiles ? { profiles } : {}),
    };
  } catch {
    return undefined;
  }
}

/** The profile switch as the shell paints it before React: the active profile and each one's id and label. */
export interface ShellSwitch {
  activeId: string;
  options: Array<[id: string, label: string]>;
}

/** What the shell paints before React: the worded balance, and the profile switch of several profiles. */
export interface ShellView {
  balanceText?: string;
  switcher?: ShellSwitch;
}

/** The most options the shell paints: as many profiles as a person can have. */
const MAX_SWITCH_OPTIONS = 20;

const isShellSwitch = (value: unknown): value is ShellSwitch => {
  const { activeId, options } = (value ?? {}) as Partial<ShellSwitch>;
  return (
    typeof activeId === 'string' &&
    Array.isArray(options) &&
    options.length <= MAX_SWITCH_OPTIONS &&
    options.every(
      (option: unknown) =>
        Array.isArray(option) && typeof option[0] === 'string' && typeof option[1] === 'string',
    )
  );
};

/**
 * Only what the shell paints, for the shell that runs before React: it loads none of the checks that
 * readSnapshot needs for the rest of the view.
 */
export function readShellView(store: Pick<Storage, 'getItem'> = localStorage): ShellView {
  try {
    const view = JSON.parse(store.getItem(KEY) ?? 'null') as {
      balanceText?: unknown;
      switcher?: unknown;
    } | null;
    return {
      ...(typeof view?.balanceText === 'string' ? { balanceText: view.balanceText } : {}),
      ...(isShellSwitch(view?.switcher) ? { switcher: view.switcher } : {}),
    };
  } catch {
    return {};
  }
}

/**
 * Drops the history from the snapshot (the balance stays), e.g. once the person cleared it: the next
 * popup must not paint entries that are gone.
 */
export function forgetSnapshotHistory(store: Pick<Storage, 'getItem' | 'setItem'> = localStorage): void {
  const view = readSnapshot(store);
  if (view) writeSnapshot({ ...view, history: [] }, store);
}

export function writeSnapshot(view: CachedView, store: Pick<Storage, 'setItem'> = localStorage): void {
  try {
    const list = view.profiles?.list ?? [];
    // One profile has no switch, only its name: React shows that at once.
    const switcher: ShellSwitch | undefined =
      view.profiles && list.length > 1
        ? {
            activeId: view.profiles.activeId,
            options: list.map((profile) => [profile.id, profileLabel(profile)]),
          }
        : undefined;
    store.setItem(
      KEY,
      JSON.stringify(
        { ...view, history: view.history.slice(0, SNAPSHOT_HISTORY), ...(switcher ? { switcher } : {}) },
        withoutThumbnails,
      ),
    );
  } catch {
    // A full or disabled localStorage only costs the next popup its instant first frame.
  }
}
