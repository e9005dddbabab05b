import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PageErrorBoundary } from '@/components/PageErrorBoundary';
import { prepareDocument } from '@/utils/ui/document';
import { readSnapshot } from '@/utils/ui/snapshot';
import { App } from './App';

prepareDocument();

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <PageErrorBoundary>
        <App snapshot={readSnapshot()} />
      </PageErrorBoundary>
    </StrictMode>,
  );
