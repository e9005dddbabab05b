import '@/components/theme.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PageErrorBoundary } from '@/components/PageErrorBoundary';
import { prepareDocument } from '@/utils/ui/document';
import { PanelApp } from './PanelApp';

prepareDocument('pageTitlePanel');

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <PageErrorBoundary>
        <PanelApp />
      </PageErrorBoundary>
    </StrictMode>,
  );
