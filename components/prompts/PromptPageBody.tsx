import type { ReactNode } from 'react';
import { CopiesContext } from '@/components/copies/CopiesContext';
import { EntryLists } from '@/components/history/EntryLists';
import { KeyStatusContext } from '@/components/keys/KeyStatusContext';
import { PageHeader } from '@/components/PageHeader';
import { PromptComposer } from '@/components/prompts/PromptComposer';
import type { PromptPage } from '@/utils/prompts/page/use-prompt-page';
import { onDemand } from '@/utils/ui/on-demand';

/** Only after this page made an image. */
const ResultCard = onDemand(() =>
  import('@/components/prompts/ResultCard').then((module) => module.ResultCard),
);

/** Only after this page sent a comparison. */
const PageComparison = onDemand(() =>
  import('@/components/compare/PageComparison').then((module) => module.PageComparison),
);

interface Props {
  page: PromptPage;
  now: number;
  className: string | undefined;
  /** What the page adds below its lists (the popup's way to the panel, the panel's gallery). */
  children: ReactNode;
}

/** What the popup and the side panel share: the header with the balance, the form, the result, the lists. */
export function PromptPageBody({ page, now, className, children }: Props) {
  const { data, configured, refresh, actions, copies } = page;
  return (
    <KeyStatusContext.Provider value={data.key}>
      <CopiesContext.Provider value={copies}>
        <main className={className}>
          <PageHeader
            configured={configured}
            balance={data.balance}
            profiles={data.profiles}
            refresh={refresh}
            now={now}
          />
          <PromptComposer page={page} now={now} />
          {page.result ? <ResultCard entry={page.result} /> : null}
          {actions.comparing ? <PageComparison page={page} batchId={actions.comparing} /> : null}
          <EntryLists
            history={data.history}
            read={data.read}
            actions={actions}
            now={now}
            onEdit={page.editEntry}
          />
          {children}
        </main>
      </CopiesContext.Provider>
    </KeyStatusContext.Provider>
  );
}
