import { describe, expect, it } from 'vitest';
import { extensionFor, mediaFileName, slugify } from '@/utils/downloads/file-name';
import { DEFAULT_SETTINGS } from '@/utils/settings/defaults';
import { settingsSchema } from '@/utils/settings/schema';
import { fileNameTemplateProblem } from '@/utils/validation';

const noon = new Date(2026, 10, 23, 12, 0, 0).getTime();
const base = { createdAt: noon, kind: 'image' as const, url: 'https://cdn.example/f/abc.png' };

/** What Windows, macOS and Linux all accept as a file name. */
function portable(name: string): boolean {
  return (
    !/[<>:"/\\|?*]/.test(name) &&
    ![...name].some((char) => (char.codePointAt(0) ?? 0) < 0x20) &&
    !/[. ]$/.test(name) &&
    // Windows reads the superscripts ¹ ² ³ as the digits of COM and LPT devices.
    !/^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\.|$)/i.test(name) &&
    new TextEncoder().encode(name).length <= 255
  );
}

describe('mediaFileName', () => {
  it('names a file by date and prompt', () => {
    expect(mediaFileName({ ...base, prompt: 'A red fox, at dawn!' })).toBe(
      'promptcast-2026-11-23-a-red-fox-at-dawn.png',
    );
  });

  it('numbers the files of a multi-file job', () => {
    const url = 'https://cdn.example/v/1.webm';
    expect(mediaFileName({ ...base, kind: 'video', url, prompt: 'waves', n: 2 })).toBe(
      'promptcast-2026-11-23-waves-2.webm',
    );
  });

  it('falls back to the kind when the prompt has no letters or digits', () => {
    expect(mediaFileName({ ...base, prompt: '!!! ??? ***' })).toBe('promptcast-2026-11-23-image.png');
    expect(mediaFileName({ ...base, kind: 'video', url: 'https://x.example/get', prompt: '' })).toBe(
      'promptcast-2026-11-23-video.mp4',
    );
  });

  it('keeps unicode letters, folds accents and stays portable for hostile prompts', () => {
    expect(slugify('Über Straße — café')).toBe('uber-straße-cafe');
    expect(slugify('東京の夜景')).toBe('東京の夜景');
    for (const prompt of [
      'CON',
      'nul.txt',
      'a<b>c:d"e/f\\g|h?i*j',
      '../../etc/passwd',
      'line\nbreak\u0000nul',
      'trailing dot. ',
      '🦊'.repeat(200),
      'x'.repeat(5000),
      '字'.repeat(300),
      `${'word '.repeat(100)}`,
    ]) {
      const name = mediaFileName({ ...base, prompt });
      expect(portable(name), name).toBe(true);
      expect(name.startsWith('promptcast-2026-11-23-')).toBe(true);
    }
  });

  it('caps the slug without cutting a character in half', () => {
    const slug = slugify('字'.repeat(300));
    expect(new TextEncoder().encode(slug).length).toBeLessThanOrEqual(80);
    expect(slug).toBe('字'.repeat(26));
  });
});

describe('a file name template the person sets', () => {
  const kite = { ...base, prompt: 'A red kite', model: 'Flux Pro 1.1' };

  it('fills every placeholder, and drops the separators of an empty one', () => {
    expect(mediaFileName(kite, '{date}_{time}-{prompt}-{n}')).toBe('2026-11-23_12-00-00-a-red-kite.png');
    expect(mediaFileName({ ...kite, n: 3 }, '{date}-{prompt}-{n}')).toBe('2026-11-23-a-red-kite-3.png');
    expect(mediaFileName(kite, '{model} {kind} {prompt}')).toBe('flux-pro-1-1 image a-red-kite.png');
    expect(mediaFileName({ ...kite, model: '' }, '{model}-{prompt}')).toBe('a-red-kite.png');
  });

  it('keeps the template’s own text portable, and never names a Windows device', () => {
    const hostile = [
      '../../etc/{prompt}',
      'a<b>:c"d|e?f*{n}',
      ' .{prompt}. ',
      'CON',
      'nul.{prompt}',
      'COM¹',
      'lpt².{prompt}',
      'Com³-{n}',
      '{n}',
      '…',
    ];
    for (const template of hostile) {
      const name = mediaFileName(kite, template);
      expect(portable(name), `${template} → ${name}`).toBe(true);
      expect(name).not.toMatch(/^[-_ .]/);
    }
    expect(mediaFileName(kite, '../../etc/{prompt}')).toBe('etc-a-red-kite.png');
    expect(mediaFileName(kite, 'CON')).toBe('promptcast-CON.png');
    expect(mediaFileName(kite, '{n}')).toBe('promptcast.png');
    expect(mediaFileName(kite, 'COM¹')).toBe('promptcast-COM¹.png');
    expect(mediaFileName(kite, 'lpt².{prompt}')).toBe('promptcast-lpt².a-red-kite.png');
    expect(mediaFileName(kite, 'COM12')).toBe('COM12.png');
  });

  it('fills only its own placeholders: one every object has names nothing, as an unknown one', () => {
    // A template from another browser's sync is not checked as one typed here is.
    expect(mediaFileName(kite, '{constructor}')).toBe('promptcast.png');
    expect(mediaFileName(kite, '{__proto__}-{prompt}')).toBe('a-red-kite.png');
    expect(mediaFileName(kite, 'x{toString}{hasOwnProperty}{valueOf}')).toBe('x.png');
  });

  it('is checked where it is typed: unknown placeholders and lengths are named', () => {
    expect(fileNameTemplateProblem('{date}-{prompt}-{n}')).toBeUndefined();
    expect(fileNameTemplateProblem('{date}-{title}')).toMatchObject({
      code: 'file_name_placeholder_unknown',
      placeholder: '{title}',
    });
    expect(fileNameTemplateProblem('{kind}-{date')).toMatchObject({ placeholder: '{date' });
    expect(fileNameTemplateProblem('{prompt}}')).toMatchObject({ placeholder: '}' });
    expect(fileNameTemplateProblem('')).toEqual({ code: 'file_name_template_length', max: 120 });
    expect(fileNameTemplateProblem('x'.repeat(121))).toEqual({ code: 'file_name_template_length', max: 120 });
  });

  it('is bounded in storage and on the wire; any text there still renders to a portable name', () => {
    const withTemplate = (fileNameTemplate: string) =>
      settingsSchema.safeParse({ ...DEFAULT_SETTINGS, fileNameTemplate }).success;
    expect(withTemplate('{kind}-{prompt}')).toBe(true);
    expect(withTemplate('   ')).toBe(false);
    expect(withTemplate('x'.repeat(121))).toBe(false);
    // Written by a page that skipped the form's check: accepted, and harmless.
    expect(withTemplate('{title}/{prompt')).toBe(true);
    expect(mediaFileName(kite, '{title}/{prompt')).toBe('prompt.png');
  });
});

describe('extensionFor', () => {
  it('prefers the Content-Type, then the URL path, then the kind', () => {
    expect(extensionFor('https://x.example/a.png', 'image/jpeg; charset=binary', 'image')).toBe('jpg');
    expect(extensionFor('https://x.example/a.WEBP?sig=1', undefined, 'image')).toBe('webp');
    expect(extensionFor('https://x.example/a.jpeg', undefined, 'image')).toBe('jpg');
    expect(extensionFor('https://x.example/a.exe', undefined, 'video')).toBe('mp4');
    expect(extensionFor('https://x.example/download', 'application/octet-stream', 'image')).toBe('png');
    expect(extensionFor('not a url', undefined, 'video')).toBe('mp4');
  });
});
