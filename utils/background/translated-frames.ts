import { browser } from 'wxt/browser';
import { setSidePanelPage } from '../side-panel/page/panel-apis';
import { toolbarButton } from '../toolbar-button';

/**
 * The popup's and the side panel's first frame is rendered at build time, in English in the pages the
 * manifest names and in every other translation in `popup.<tag>.html` and `sidepanel.<tag>.html` beside
 * them (build/first-frame-plugin.ts). Shown another translation, the browser is pointed at that one's pages,
 * so their first frame is painted in the person's language without waiting for any script. Neither browser
 * is known to keep these settings across a restart, so every worker start sets them; until then the English
 * pages hide their frame and React renders the page (utils/ui/frame-language.ts). `wxt` serving the pages
 * in development renders no frames, hence no such pages.
 */
export function showTranslatedFrames(): void {
  const tag = browser.i18n.getMessage('languageTag');
  if (!tag || tag === 'en' || import.meta.env.COMMAND === 'serve') return;
  void toolbarButton()
    .setPopup({ popup: `popup.${tag}.html` })
    .catch(() => undefined);
  void setSidePanelPage(`sidepanel.${tag}.html`)?.catch(() => undefined);
}
