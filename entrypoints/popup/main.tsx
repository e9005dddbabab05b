import '@/components/theme.css';
import { PageRoot } from '@/components/PageRoot';
import { prepareDocument } from '@/utils/ui/document';
import { hydratePage } from '@/utils/ui/hydrate-page';
import { readSnapshot } from '@/utils/ui/snapshot';
import { App } from './App';

const frameLanguage = document.documentElement.lang;
prepareDocument();

const root = document.getElementById('root');
if (root)
  hydratePage(
    root,
    frameLanguage,
    <PageRoot>
      <App />
    </PageRoot>,
    <PageRoot>
      <App snapshot={readSnapshot()} />
    </PageRoot>,
  );
