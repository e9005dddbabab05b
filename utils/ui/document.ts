import { browser } from 'wxt/browser';
import { type MessageKey, t, uiLanguage } from '../i18n';

/** Sets the page's language, direction and title from the browser's UI language. */
export function prepareDocument(titleKey?: MessageKey): void {
  const root = document.documentElement;
  root.lang = uiLanguage();
  try {
    root.dir = browser.i18n.getMessage('@@bidi_dir') === 'rtl' ? 'rtl' : 'ltr';
  } catch {
    root.dir = 'ltr';
  }
  document.title = titleKey ? t(titleKey) : t('extName');
}
