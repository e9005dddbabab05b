import { CopiesContext } from '@/components/CopiesContext';
import { ENTRY_LISTS_WINDOW, EntryLists } from '@/components/EntryLists';
import { KeyStatusContext } from '@/components/KeyStatusContext';
import { PageHeader } from '@/components/PageHeader';
import { PromptComposer } from '@/components/PromptComposer';
import { ResultCard } from '@/components/ResultCard';
import { useNow } from '@/utils/ui/hooks';
import { recentHistory } from '@/utils/ui/recent-history';
import type { CachedView } from '@/utils/ui/snapshot';
import { usePromptPage } from '@/utils/ui/use-prompt-page';
import styles from './App.module.css';
import { OpenPanelButton } from './OpenPanelButton';

/** The history the popup's lists show. */
const POPUP_HISTORY = recentHistory(ENTRY_LISTS_WINDOW);

/** The popup: what storage holds (painted first from the snapshot), and the commands to make more. */
export function App({ snapshot }: { snapshot?: CachedView }) {
  const page = usePromptPage(snapshot, POPUP_HISTORY);
  const { data, configured, refresh, actions, copies } = page;
  const now = useNow(1000);

  return (
    <KeyStatusContext.Provider value={data.key}>
      <CopiesContext.Provider value={copies}>
        <main className={styles.popup}>
          <PageHeader
            configured={configured}
            balance={data.balance}
            profiles={data.profiles}
            refresh={refresh}
            now={now}
          />
          <PromptComposer page={page} now={now} />
          {page.result ? <ResultCard entry={page.result} /> : null}
          <EntryLists history={data.history} actions={actions} now={now} onEdit={page.editEntry} />
          <OpenPanelButton />
        </main>
      </CopiesContext.Provider>
    </KeyStatusContext.Provider>
  );
}
