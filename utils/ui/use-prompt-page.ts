import { NO_COPIES } from './media-items';
import type { CachedView } from './snapshot';
import { useCopies } from './stored-data';
import { useBalanceRefresh } from './use-balance-refresh';
import { usePageData } from './use-page-data';
import { usePromptActions } from './use-prompt-actions';
import { usePromptDraft } from './use-prompt-draft';

/** Everything a page with the prompt form needs (the popup and the side panel): stored data, draft, commands. */
export function usePromptPage(snapshot: CachedView | undefined) {
  const data = usePageData(snapshot);
  const configured = !(data.settings?.baseUrl === '' || data.key?.set === false);
  const refresh = useBalanceRefresh(data.balance, data.read, configured);
  const draft = usePromptDraft(data.settings);
  const actions = usePromptActions(draft);
  const copies = useCopies().value?.entries ?? NO_COPIES;
  return { data, configured, refresh, draft, actions, copies };
}

export type PromptPage = ReturnType<typeof usePromptPage>;
