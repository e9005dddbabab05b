import '@/components/theme.css';
import { PageRoot } from '@/components/PageRoot';
import { prepareDocument } from '@/utils/ui/document';
import { hydratePage } from '@/utils/ui/hydrate-page';
import { readSnapshot } from '@/utils/ui/snapshot';
import { PanelApp } from './PanelApp';

const frameLanguage = document.documentElement.lang;
prepareDocument('pageTitlePanel');

const root = document.getElementById('root');
if (root)
  hydratePage(
    root,
    frameLanguage,
    <PageRoot>
      <PanelApp />
    </PageRoot>,
    <PageRoot>
      <PanelApp snapshot={readSnapshot()} />
    </PageRoot>,
  );
