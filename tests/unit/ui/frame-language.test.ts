// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { hideFrameInOtherLanguage, showFrame } from '@/utils/ui/frame-language';

function pageIn(lang: string): Document {
  const doc = document.implementation.createHTMLDocument('popup');
  doc.documentElement.lang = lang;
  return doc;
}

function translation(tag: string) {
  vi.spyOn(fakeBrowser.i18n, 'getMessage').mockImplementation((name: string) =>
    name === 'languageTag' ? tag : '',
  );
}

describe('the first frame built in English', () => {
  afterEach(() => vi.restoreAllMocks());

  it('stays visible where the extension speaks English (any region)', () => {
    translation('en-GB');
    const doc = pageIn('en');
    hideFrameInOtherLanguage(doc);
    expect(doc.documentElement.hasAttribute('data-frame-hidden')).toBe(false);
  });

  it('is hidden where the extension speaks German, until React has rendered the page', () => {
    translation('de');
    const doc = pageIn('en');
    hideFrameInOtherLanguage(doc);
    expect(doc.documentElement.hasAttribute('data-frame-hidden')).toBe(true);
    showFrame(doc);
    expect(doc.documentElement.hasAttribute('data-frame-hidden')).toBe(false);
  });
});
