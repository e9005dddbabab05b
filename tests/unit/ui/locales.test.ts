import { describe, expect, it } from 'vitest';
import { chromeGetMessage, localeNames, readMessages, referencedPlaceholders } from './locales';

const en = readMessages('en');

describe('locales', () => {
  it.each(localeNames().filter((name) => name !== 'en'))('%s has exactly the English keys', (locale) => {
    const other = readMessages(locale);
    expect(Object.keys(other).sort()).toEqual(Object.keys(en).sort());
  });

  it.each(localeNames())(
    '%s: every message is non-empty and its placeholders are declared and used',
    (locale) => {
      const messages = readMessages(locale);
      for (const [key, entry] of Object.entries(messages)) {
        expect(entry.message.trim(), key).not.toBe('');
        const declared = Object.keys(entry.placeholders ?? {}).sort();
        const used = [...new Set(referencedPlaceholders(entry.message))].sort();
        expect(used, `${locale}.${key}`).toEqual(declared);
        for (const name of declared) expect(name, `${locale}.${key}`).toBe(name.toLowerCase());
      }
    },
  );

  it('German addresses the person as "Sie" throughout, never as "du"', () => {
    const informal = /\b(?:du|dich|dir|dein\w*|gib|gibst)\b/i;
    const slips = Object.entries(readMessages('de')).filter(([, entry]) => informal.test(entry.message));
    expect(slips.map(([key, entry]) => `${key}: ${entry.message}`)).toEqual([]);
  });

  it.each(localeNames().filter((name) => name !== 'en'))(
    '%s has the same placeholders as English',
    (locale) => {
      const other = readMessages(locale);
      for (const [key, entry] of Object.entries(en)) {
        expect(other[key]?.placeholders ?? {}, key).toEqual(
          expect.objectContaining(
            Object.fromEntries(
              Object.entries(entry.placeholders ?? {}).map(([name, value]) => [
                name,
                expect.objectContaining({ content: value.content }),
              ]),
            ),
          ),
        );
        expect(Object.keys(other[key]?.placeholders ?? {}).sort(), key).toEqual(
          Object.keys(entry.placeholders ?? {}).sort(),
        );
      }
    },
  );

  it('placeholder contents are $1..$n in order, so substitutions line up in every language', () => {
    for (const [key, entry] of Object.entries(en)) {
      const contents = Object.values(entry.placeholders ?? {}).map((placeholder) => placeholder.content);
      expect(contents, key).toEqual(contents.map((_, index) => `$${index + 1}`));
    }
  });

  it('has the wording the background uses for menus and notifications', () => {
    const get = chromeGetMessage(en);
    expect(get('menuGenerateVideo')).toBe('Generate video from selection');
    expect(get('menuGenerateImage')).toBe('Generate image from selection');
    expect(get('notifyVideoReadyTitle')).toBe('Video ready');
    expect(get('notifyVideosReadyTitle', ['3'])).toBe('3 videos ready');
    expect(get('notifyVideoFailedTitle')).toBe('Video failed');
    expect(get('notifyVideosFailedTitle', ['2'])).toBe('2 videos failed');
    expect(get('notifyImageReadyTitle')).toBe('Image ready');
    expect(get('notifyImageFailedTitle')).toBe('Image failed');
    expect(get('notifySetupTitle')).toBe('Set up Promptcast');
    expect(get('notifySetupMessage')).toBe(
      'Add your service URL and API key in the options to start generating.',
    );
    expect(get('notifyPromptInvalidTitle')).toBe('Cannot use this selection');
    expect(get('extName')).toBe('Promptcast');
  });

  it('German translations are not left in English', () => {
    const de = readMessages('de');
    const same = Object.keys(en).filter((key) => de[key]?.message === en[key]?.message);
    // Words that are the same in both languages (names, "Video(s)", "Audio", "Prompt", "Status: …", "Details: …",
    // a unit, a name with its id, products' names, "Region", "Bucket").
    expect(same.sort()).toEqual(
      [
        'audioLabel',
        'backupBucketLabel',
        'backupKindWebdav',
        'backupRegionLabel',
        'errorDetails',
        'extName',
        'figuresNamedModel',
        'figuresSeconds',
        'filterStatus',
        'jobRawStatus',
        'kindVideo',
        'promptLabel',
        'spendVideos',
      ].sort(),
    );
  });
});
