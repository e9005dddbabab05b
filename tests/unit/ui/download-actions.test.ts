// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { deleteAllCopies } from '@/utils/copies/copy-store';
import { openMediaDb } from '@/utils/copies/media-db';
import { type DownloadCommand, downloadEntryFiles } from '@/utils/downloads/page/download-command';
import { putFile } from '../support/media-db';

const entry = {
  id: 'e1',
  prompt: 'Waves at dusk!',
  createdAt: new Date(2025, 4, 6, 12).getTime(),
  kind: 'video' as const,
  model: 'video-model',
  urls: ['https://media.example/a', 'https://media.example/b'],
};

async function putCopy(index: number): Promise<void> {
  await putFile(
    {
      entryId: entry.id,
      index,
      url: entry.urls[index] ?? '',
      contentType: 'video/webm',
      bytes: 1,
      chunks: 1,
      complete: true,
      startedAt: 1,
      keptAt: 2,
    },
    [new Uint8Array([index]).buffer],
  );
}

let saved: { url: string; filename: string }[] = [];

beforeEach(async () => {
  await deleteAllCopies(await openMediaDb());
  saved = [];
  let next = 1;
  // The browser's downloads API: every download completes at once.
  vi.spyOn(fakeBrowser.downloads, 'download').mockImplementation(async (options) => {
    saved.push({ url: options.url, filename: options.filename ?? '' });
    return next++;
  });
  vi.spyOn(fakeBrowser.downloads, 'search').mockResolvedValue([{ state: 'complete' }] as never[]);
  vi.spyOn(fakeBrowser.downloads.onChanged, 'addListener').mockImplementation(() => undefined);
  vi.spyOn(fakeBrowser.downloads.onChanged, 'removeListener').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('download actions', () => {
  it('saves a kept copy from the page under a recognisable name, without asking the background', async () => {
    await putCopy(1);
    const sent: DownloadCommand[] = [];
    await downloadEntryFiles(entry, 1, async (command) => sent.push(command));
    expect(sent).toEqual([]);
    expect(saved).toHaveLength(1);
    expect(saved[0]?.url).toMatch(/^blob:/);
    expect(saved[0]?.filename).toBe('promptcast-2025-05-06-waves-at-dusk-2.webm');
  });

  it('saves a file without a copy from the service URL, without asking the background', async () => {
    const sent: DownloadCommand[] = [];
    await downloadEntryFiles(entry, 0, async (command) => sent.push(command));
    expect(sent).toEqual([]);
    expect(saved).toEqual([
      // No copy to read a type from: the name takes a video's usual extension.
      { url: 'https://media.example/a', filename: 'promptcast-2025-05-06-waves-at-dusk-1.mp4' },
    ]);
  });

  it('downloads all from the page: kept copies from their bytes, the others from their URLs', async () => {
    const sent: DownloadCommand[] = [];
    await putCopy(0);
    await downloadEntryFiles(entry, undefined, async (command) => sent.push(command));
    expect(sent).toEqual([]);
    expect(saved.map((file) => [file.url.slice(0, 5), file.filename]).sort()).toEqual([
      ['blob:', 'promptcast-2025-05-06-waves-at-dusk-1.webm'],
      ['https', 'promptcast-2025-05-06-waves-at-dusk-2.mp4'],
    ]);
  });

  it('where the background saves Blobs (Firefox), sends the command in the click, even for kept files', async () => {
    await putCopy(0);
    await putCopy(1);
    vi.resetModules();
    vi.doMock('@/utils/downloads/saves-in-background', () => ({ backgroundSavesBlobs: true }));
    try {
      const { downloadEntryFiles: download } = await import('@/utils/downloads/page/download-command');
      const sent: DownloadCommand[] = [];
      const one = download(entry, 1, async (command) => sent.push(command));
      // Before anything is awaited: a page closed right after the click has still sent it.
      expect(sent).toEqual([{ type: 'download', entryId: 'e1', index: 1 }]);
      await one;
      await download(entry, undefined, async (command) => sent.push(command));
      expect(sent).toEqual([
        { type: 'download', entryId: 'e1', index: 1 },
        { type: 'download', entryId: 'e1' },
      ]);
      expect(saved).toEqual([]);
    } finally {
      vi.doUnmock('@/utils/downloads/saves-in-background');
      vi.resetModules();
    }
  });

  it('reports a failed download after trying every file', async () => {
    const download = vi.mocked(fakeBrowser.downloads.download);
    const save = download.getMockImplementation();
    download.mockImplementationOnce(async () => {
      throw new Error('host refused');
    });
    if (save) download.mockImplementation(save);
    await expect(downloadEntryFiles(entry, undefined, async () => undefined)).rejects.toThrow('host refused');
    expect(saved.map((file) => file.filename)).toEqual(['promptcast-2025-05-06-waves-at-dusk-2.mp4']);
  });
});
