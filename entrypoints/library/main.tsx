import '@/components/theme.css';
import { createRoot } from 'react-dom/client';
import { PageRoot } from '@/components/PageRoot';
import { prepareDocument } from '@/utils/ui/document';
import { LibraryApp } from './LibraryApp';

prepareDocument('pageTitleLibrary');

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <PageRoot>
      <LibraryApp />
    </PageRoot>,
  );
