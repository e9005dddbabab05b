import { ENTRY_LISTS_WINDOW } from '@/components/history/EntryLists';
import { PromptPageBody } from '@/components/prompts/PromptPageBody';
import { recentHistory } from '@/utils/history/page/recent-history';
import { usePromptPage } from '@/utils/prompts/page/use-prompt-page';
import { useNow } from '@/utils/ui/hooks';
import type { CachedView } from '@/utils/ui/snapshot';
import styles from './App.module.css';
import { OpenPanelButton } from './OpenPanelButton';

/** The history the popup's lists show. */
const POPUP_HISTORY = recentHistory(ENTRY_LISTS_WINDOW);

/** The popup: what storage holds (painted first from the snapshot), and the commands to make more. */
export function App({ snapshot }: { snapshot?: CachedView }) {
  const page = usePromptPage(snapshot, POPUP_HISTORY);
  const now = useNow(1000);
  return (
    <PromptPageBody page={page} now={now} className={styles.popup}>
      <OpenPanelButton />
    </PromptPageBody>
  );
}
