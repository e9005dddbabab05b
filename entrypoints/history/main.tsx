import '@/components/theme.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PageErrorBoundary } from '@/components/PageErrorBoundary';
import { copiesItem } from '@/utils/copies/copies-item';
import { readHistorySnapshot } from '@/utils/history/page/history-snapshot';
import type { HistoryEntry } from '@/utils/history/schema';
import { keyStatusItem } from '@/utils/storage/items';
import { prepareDocument } from '@/utils/ui/document';
import { renderBeforeFirstFrame } from '@/utils/ui/first-render';
import { offerSnapshot, readAhead } from '@/utils/ui/read-ahead';
import { shownEntries } from '@/utils/ui/stored-view';
import { HistoryApp } from './HistoryApp';

prepareDocument('pageTitleHistory');

const root = document.getElementById('root');
const mount = (element: HTMLElement, seed?: readonly HistoryEntry[]) => {
  const reactRoot = createRoot(element);
  renderBeforeFirstFrame(() =>
    reactRoot.render(
      <StrictMode>
        <PageErrorBoundary>
          <HistoryApp {...(seed ? { seed } : {})} />
        </PageErrorBoundary>
      </StrictMode>,
    ),
  );
};
// The key status and copies in one storage read before the first commit; the rows come from the history
// database. With the last open's snapshot (its first screenful) the page renders at once, and the database's
// answer replaces whatever changed since.
if (root) {
  const items = [keyStatusItem, copiesItem];
  const snapshot = readHistorySnapshot();
  if (snapshot) {
    const [history, ...rest] = snapshot;
    offerSnapshot(items, rest);
    mount(root, shownEntries(history));
  } else void readAhead(items).then(() => mount(root));
}
