import { renderToString } from 'react-dom/server';
import { PageRoot } from '../components/PageRoot';
import { App } from '../entrypoints/popup/App';
import { PanelApp } from '../entrypoints/sidepanel/PanelApp';

/**
 * The popup's and the side panel's trees before anything is read (no snapshot, no storage), rendered into
 * their HTML at build time: the browser paints them with no script, and React hydrates them later.
 */
export const firstFrames: Record<string, () => string> = {
  popup: () =>
    renderToString(
      <PageRoot>
        <App />
      </PageRoot>,
    ),
  sidepanel: () =>
    renderToString(
      <PageRoot>
        <PanelApp />
      </PageRoot>,
    ),
};
