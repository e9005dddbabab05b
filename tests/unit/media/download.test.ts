// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { saveBlob } from '@/utils/downloads/download';

type ChangeListener = (delta: Browser.downloads.DownloadDelta) => void;

let listeners: ChangeListener[] = [];
let revoked: string[] = [];

beforeEach(() => {
  listeners = [];
  revoked = [];
  vi.spyOn(fakeBrowser.downloads, 'download').mockResolvedValue(7);
  // Still running when first looked at, as a file of some size is.
  vi.spyOn(fakeBrowser.downloads, 'search').mockResolvedValue([{ state: 'in_progress' }] as never[]);
  vi.spyOn(fakeBrowser.downloads.onChanged, 'addListener').mockImplementation((listener) => {
    listeners.push(listener as ChangeListener);
  });
  vi.spyOn(fakeBrowser.downloads.onChanged, 'removeListener').mockImplementation(() => undefined);
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => {
    revoked.push(url);
  });
});
afterEach(() => vi.restoreAllMocks());

const change = (state: string, error?: string) => {
  for (const listener of listeners)
    listener({ id: 7, state: { current: state }, ...(error ? { error: { current: error } } : {}) });
};

describe('saving a Blob (a kept copy, an export)', () => {
  it('keeps its blob: URL until the download has ended (Firefox reads it only then)', async () => {
    let done = false;
    const saving = saveBlob(new Blob(['png bytes'], { type: 'image/png' }), 'a.png').then(() => {
      done = true;
    });
    await vi.waitFor(() => expect(listeners).toHaveLength(1));
    const [options] = vi.mocked(fakeBrowser.downloads.download).mock.calls[0] ?? [];
    expect(options?.url).toMatch(/^blob:/);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect([done, revoked]).toEqual([false, []]);

    change('complete');
    await saving;
    expect(revoked).toEqual([options?.url]);
  });

  it('gives the URL back and reports the reason when the download is interrupted', async () => {
    const saving = saveBlob(new Blob(['x']), 'a.png');
    await vi.waitFor(() => expect(listeners).toHaveLength(1));
    change('interrupted', 'CRASH');
    await expect(saving).rejects.toMatchObject({ info: { kind: 'download_failed' } });
    expect(revoked).toHaveLength(1);
  });
});
