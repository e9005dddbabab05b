import { describe, expect, it } from 'vitest';
import { safeUrl } from '@/utils/ui/safe-url';

describe('safeUrl', () => {
  it.each([
    ['https://cdn.example.com/a.png', 'https://cdn.example.com/a.png'],
    ['http://127.0.0.1:8080/files/images/1.png', 'http://127.0.0.1:8080/files/images/1.png'],
    ['  https://example.com/x?y=1#z  ', 'https://example.com/x?y=1#z'],
    ['HTTPS://EXAMPLE.com/Path', 'https://example.com/Path'],
  ])('keeps http(s) URL %s', (input, expected) => {
    expect(safeUrl(input)).toBe(expected);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(document.domain)',
    'java\nscript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:image/png;base64,iVBORw0KGgo=',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'chrome-extension://abc/options.html',
    'blob:https://example.com/uuid',
    'ftp://example.com/a.png',
    '/files/images/1.png',
    'files/images/1.png',
    '//evil.example.com/a.png',
    'https://',
    'http://',
    'not a url',
    '',
    '   ',
  ])('refuses %j', (input) => {
    expect(safeUrl(input)).toBeUndefined();
  });

  it('refuses non-strings and absurdly long URLs', () => {
    expect(safeUrl(undefined)).toBeUndefined();
    expect(safeUrl(42)).toBeUndefined();
    expect(safeUrl({ href: 'https://example.com' })).toBeUndefined();
    expect(safeUrl(`https://example.com/${'a'.repeat(9000)}`)).toBeUndefined();
  });
});
