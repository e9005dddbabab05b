import { useEffect, useMemo } from 'react';
import { balanceForService, type ShownBalance } from '@/utils/balance/page/balance';
import type { HistoryEntry } from '@/utils/history/schema';
import { formatCredits } from '@/utils/i18n';
import type { KeyStatus } from '@/utils/messaging/protocol';
import type { ShownProfiles } from '@/utils/profiles/page/profiles-view';
import { useProfiles } from '@/utils/profiles/page/use-profiles';
import type { Settings } from '@/utils/settings/schema';
import { type CachedView, writeSnapshot } from '@/utils/ui/snapshot';
import { useHistory, useKeyStatus, useSettings, useStoredBalance } from '@/utils/ui/stored-data';
import type { ReadableItem } from '@/utils/ui/use-stored';

export interface PageData {
  settings?: Settings;
  /** The entries the page shows (every running one and the newest its window asks for), newest first. */
  history?: HistoryEntry[];
  /** Undefined until storage answered: nothing is labelled on a guess. */
  key?: KeyStatus;
  balance?: ShownBalance;
  /** The person's profiles and the active one, once known (from storage, or the snapshot before it). */
  profiles?: ShownProfiles;
  /** Everything above came from storage itself, not from the snapshot. */
  read: boolean;
}

/**
 * What the popup shows, from storage, painted first from the snapshot; the snapshot is rewritten from
 * storage so even a popup closed at once leaves the next one something to paint.
 */
export function usePageData(snapshot: CachedView | undefined, shown: ReadableItem<HistoryEntry[]>): PageData {
  const settings = useSettings(snapshot?.settings);
  const history = useHistory(shown, snapshot?.history);
  const key = useKeyStatus();
  const stored = useStoredBalance();

  const balance = useMemo(
    () =>
      stored.read && stored.value && settings.read && settings.value
        ? balanceForService(stored.value, settings.value.baseUrl)
        : snapshot && {
            balance: snapshot.balance,
            ...(snapshot.balanceError ? { error: snapshot.balanceError } : {}),
          },
    [stored, settings, snapshot],
  );
  // Until storage answers, the profiles the snapshot showed.
  const profiles = useProfiles(settings) ?? snapshot?.profiles;
  const read = settings.read && history.read && key.read && stored.read;

  useEffect(() => {
    if (!read || !settings.value || !history.value || !balance) return;
    writeSnapshot({
      settings: settings.value,
      history: history.value,
      balance: balance.balance,
      ...(balance.error ? { balanceError: balance.error } : {}),
      ...(balance.balance ? { balanceText: formatCredits(balance.balance.value) } : {}),
      ...(profiles ? { profiles } : {}),
    });
  }, [read, settings.value, history.value, balance, profiles]);

  return {
    ...(settings.value ? { settings: settings.value } : {}),
    ...(history.value ? { history: history.value } : {}),
    ...(key.read && key.value ? { key: key.value } : {}),
    ...(balance ? { balance } : {}),
    ...(profiles ? { profiles } : {}),
    read,
  };
}
