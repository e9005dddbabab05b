import '@/components/theme.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PageErrorBoundary } from '@/components/PageErrorBoundary';
import { copiesItem } from '@/utils/media/copies-item';
import { historyItem, keyStatusItem } from '@/utils/storage/items';
import { prepareDocument } from '@/utils/ui/document';
import { readAhead } from '@/utils/ui/read-ahead';
import { HistoryApp } from './HistoryApp';

prepareDocument('pageTitleHistory');

const root = document.getElementById('root');
// Mounted once storage answered: the whole history in the first commit, without a loading frame first.
if (root)
  void readAhead([historyItem, keyStatusItem, copiesItem]).then(() =>
    createRoot(root).render(
      <StrictMode>
        <PageErrorBoundary>
          <HistoryApp />
        </PageErrorBoundary>
      </StrictMode>,
    ),
  );
