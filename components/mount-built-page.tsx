import type { ComponentType } from 'react';
import type { MessageKey } from '@/utils/i18n';
import { prepareDocument } from '@/utils/ui/document';
import { hydratePage } from '@/utils/ui/hydrate-page';
import { type CachedView, readSnapshot } from '@/utils/ui/snapshot';
import { PageRoot } from './PageRoot';

/**
 * Takes over the popup's or the side panel's frame, built at build time from `Page` with no data: hydrates it
 * as built, then renders it from the snapshot (utils/ui/hydrate-page.ts). `titleKey` names the page's title.
 */
export function mountBuiltPage(Page: ComponentType<{ snapshot?: CachedView }>, titleKey?: MessageKey): void {
  // Read before prepareDocument sets the browser's language: it is the language the frame was built in.
  const frameLanguage = document.documentElement.lang;
  prepareDocument(titleKey);
  const root = document.getElementById('root');
  if (!root) return;
  hydratePage(
    root,
    frameLanguage,
    <PageRoot>
      <Page />
    </PageRoot>,
    <PageRoot>
      <Page snapshot={readSnapshot()} />
    </PageRoot>,
  );
}
