import '@/components/theme.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PageErrorBoundary } from '@/components/PageErrorBoundary';
import { prepareDocument } from '@/utils/ui/document';
import { HistoryApp } from './HistoryApp';

prepareDocument('pageTitleHistory');

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <PageErrorBoundary>
        <HistoryApp />
      </PageErrorBoundary>
    </StrictMode>,
  );
