import { useCallback } from 'react';
import type { HistoryEntry } from '@/utils/history/schema';
import { useBalanceRefresh } from '../../balance/page/use-balance-refresh';
import { NO_COPIES } from '../../copies/copies-item';
import type { CachedView } from '../../ui/snapshot';
import { useCopies } from '../../ui/stored-data';
import { usePageData } from '../../ui/use-page-data';
import type { ReadableItem } from '../../ui/use-stored';
import { usePromptActions } from './use-prompt-actions';
import { usePromptDraft } from './use-prompt-draft';

/** Everything a page with the prompt form needs (the popup and the side panel): stored data, draft, commands. */
export function usePromptPage(snapshot: CachedView | undefined, shown: ReadableItem<HistoryEntry[]>) {
  const data = usePageData(snapshot, shown);
  const configured = !(data.settings?.baseUrl === '' || data.key?.set === false);
  const refresh = useBalanceRefresh(data.balance, data.read, configured);
  const { profiles } = data;
  const models = profiles?.list.find((profile) => profile.id === profiles.activeId)?.models ?? [];
  const draft = usePromptDraft(data.settings, models);
  const actions = usePromptActions(draft);
  const copies = useCopies().value?.entries ?? NO_COPIES;
  const { fill } = draft;
  // Edit & generate on an entry of this page's lists; stable for the memoised rows.
  const editEntry = useCallback((entry: HistoryEntry) => fill(entry.prompt, entry.options), [fill]);
  // The card's entry as stored now: its cost is written after the answer that brought the entry.
  const result =
    actions.result && (data.history?.find((entry) => entry.id === actions.result?.id) ?? actions.result);
  return { data, configured, refresh, draft, actions, copies, editEntry, result, models };
}

export type PromptPage = ReturnType<typeof usePromptPage>;
