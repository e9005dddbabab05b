import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { copyStatusKey } from '@/utils/copies/copy-status';
import { hasHostAccess, hostPatterns } from '@/utils/host-access';

beforeEach(() => fakeBrowser.reset());

describe('host access for media files', () => {
  it('names each http(s) media origin of an entry once, and nothing else', () => {
    expect(
      hostPatterns([
        'https://cdn.example/a.png?sig=1',
        'https://cdn.example/b.png',
        'http://127.0.0.2:9000/files/v.webm',
        'javascript:alert(1)',
        'data:image/png;base64,AA',
      ]),
    ).toEqual(['https://cdn.example/*', 'http://127.0.0.2/*']);
  });

  it('has no access to ask about when an entry has no usable URL', async () => {
    expect(await hasHostAccess('not a url')).toBe(false);
  });
});

describe('copy status', () => {
  it('says what a person can rely on', () => {
    expect(copyStatusKey({ state: 'kept', bytes: 1, files: 1 }, true)).toBe('copyKept');
    expect(copyStatusKey({ state: 'keeping', bytes: 0, files: 1 }, false)).toBe('copyKeeping');
    expect(copyStatusKey(undefined, false)).toBe('copyServiceOnly');
    expect(copyStatusKey({ state: 'evicted', bytes: 0, files: 1 }, true)).toBe('copyGone');
    expect(copyStatusKey({ state: 'failed', bytes: 0, files: 1 }, false)).toBe('copyServiceOnly');
  });
});
