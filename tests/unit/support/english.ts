import { beforeEach } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { chromeGetMessage, readMessages } from '../ui/locales';

const english = chromeGetMessage(readMessages('en'));

// fakeBrowser knows no locales (and reset() forgets them); code that words things for people is
// checked in English, as Chrome would give it.
beforeEach(() => {
  Object.assign(fakeBrowser.i18n, { getMessage: english, getUILanguage: () => 'en' });
});
