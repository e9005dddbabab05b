import type { ErrorInfo } from '../error-info';
import type { HistoryEntry } from '../history/schema';
import { withoutThumbnails } from '../history/thumbnail';
import type { Balance } from '../messaging/protocol';
import { type ShownProfiles, snapshotProfiles } from '../profiles/page/profiles-view';
import type { Settings } from '../settings/schema';
import { shownView } from './stored-view';

/** What the popup shows before the background answers: enough to paint it at once. */
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
 * The popup's last view, kept in the page's localStorage because that is the only storage an extension
 * page can read synchronously: the first frame then shows the balance without waiting for anything.
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

/**
 * Only the worded balance, for the shell that paints before React: it loads none of the checks that
 * readSnapshot needs for the rest of the view.
 */
export function readBalanceText(store: Pick<Storage, 'getItem'> = localStorage): string | undefined {
  try {
    const view = JSON.parse(store.getItem(KEY) ?? 'null') as { balanceText?: unknown } | null;
    return typeof view?.balanceText === 'string' ? view.balanceText : undefined;
  } catch {
    return undefined;
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
    store.setItem(
      KEY,
      JSON.stringify({ ...view, history: view.history.slice(0, SNAPSHOT_HISTORY) }, withoutThumbnails),
    );
  } catch {
    // A full or disabled localStorage only costs the next popup its instant first frame.
  }
}
