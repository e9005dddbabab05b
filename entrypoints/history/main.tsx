import '@/components/theme.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PageErrorBoundary } from '@/components/PageErrorBoundary';
import { copiesItem } from '@/utils/media/copies-item';
import { keyStatusItem, legacyHistoryItem } from '@/utils/storage/items';
import { prepareDocument } from '@/utils/ui/document';
import { renderBeforeFirstFrame } from '@/utils/ui/first-render';
import { readHistorySnapshot } from '@/utils/ui/history-snapshot';
import { offerSnapshot, readAhead } from '@/utils/ui/read-ahead';
import { HistoryApp } from './HistoryApp';

prepareDocument('pageTitleHistory');

const root = document.getElementById('root');
const mount = (element: HTMLElement) => {
  const reactRoot = createRoot(element);
  renderBeforeFirstFrame(() =>
    reactRoot.render(
      <StrictMode>
        <PageErrorBoundary>
          <HistoryApp />
        </PageErrorBoundary>
      </StrictMode>,
    ),
  );
};
// One storage read for the three items; the history in the first commit, without a loading frame first. With
// the last open's snapshot the page renders at once, and storage's answer replaces whatever changed since.
if (root) {
  const items = [legacyHistoryItem, keyStatusItem, copiesItem];
  const snapshot = readHistorySnapshot();
  if (snapshot) {
    offerSnapshot(items, snapshot);
    mount(root);
  } else void readAhead(items).then(() => mount(root));
}
