import 'fake-indexeddb/auto';
import { unzipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { downloadZip, type ZipEntry, zipFiles } from '../../../utils/history/page/history-zip';
import { DEFAULT_SETTINGS } from '../../../utils/settings/defaults';
import { putFile } from '../support/media-db';

const saved = vi.hoisted(() => [] as { blob: Blob; name: string }[]);
// The downloads API is the browser's; what reaches it is what is checked.
vi.mock('../../../utils/downloads/download', async (original) => ({
  ...(await original<object>()),
  saveBlob: (blob: Blob, name: string) => {
    saved.push({ blob, name });
    return Promise.resolve();
  },
}));

const day = new Date(2026, 10, 25, 12).getTime();
const entry = (id: string, prompt: string, urls: string[]): ZipEntry => ({
  id,
  prompt,
  createdAt: day,
  kind: 'image',
  model: 'image-model',
  urls,
});
const bytes = (...values: number[]) => new Uint8Array(values);

describe('the selection as a zip', () => {
  it('holds every file under its download name, byte for byte', () => {
    const two = entry('a', 'Red kite', ['https://cdn.example/1.png', 'https://cdn.example/2.webp']);
    const zip = zipFiles([
      { entry: two, index: 0, type: 'image/png', bytes: bytes(1, 2, 3) },
      { entry: two, index: 1, type: '', bytes: bytes(4) },
    ]);
    const files = unzipSync(zip);
    expect(Object.keys(files).sort()).toEqual([
      'promptcast-2026-11-25-red-kite-1.png',
      'promptcast-2026-11-25-red-kite-2.webp',
    ]);
    expect(files['promptcast-2026-11-25-red-kite-1.png']).toEqual(bytes(1, 2, 3));
    expect(files['promptcast-2026-11-25-red-kite-2.webp']).toEqual(bytes(4));
  });

  it('numbers files of two entries that would share a name instead of overwriting one', () => {
    const zip = zipFiles([
      { entry: entry('a', 'sea', ['https://cdn.example/a']), index: 0, type: 'image/jpeg', bytes: bytes(1) },
      { entry: entry('b', 'sea', ['https://cdn.example/b']), index: 0, type: 'image/jpeg', bytes: bytes(2) },
      { entry: entry('c', 'sea', ['https://cdn.example/c']), index: 0, type: 'image/jpeg', bytes: bytes(3) },
    ]);
    const files = unzipSync(zip);
    expect(files['promptcast-2026-11-25-sea.jpg']).toEqual(bytes(1));
    expect(files['promptcast-2026-11-25-sea-2.jpg']).toEqual(bytes(2));
    expect(files['promptcast-2026-11-25-sea-3.jpg']).toEqual(bytes(3));
  });
});

describe('Download as zip', () => {
  it('zips kept copies, leaves out files of hosts it may not read, and saves one file', async () => {
    await putFile(
      {
        entryId: 'kept',
        index: 0,
        url: 'https://media.example/kept',
        contentType: 'image/png',
        bytes: 3,
        chunks: 1,
        complete: true,
        startedAt: 1,
        keptAt: 2,
      },
      [new Uint8Array([7, 8, 9]).buffer],
    );
    vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(false);

    const outcome = await downloadZip(
      [
        entry('kept', 'a kept kite', ['https://media.example/kept']),
        entry('far', 'far sea', ['https://cdn.example/x.png']),
      ],
      'promptcast-selection.zip',
      { promptInFiles: true, profileNames: {}, fileNameTemplate: DEFAULT_SETTINGS.fileNameTemplate },
    );

    expect(outcome.saved).toBe(1);
    expect(outcome.skipped.map((file) => [file.entry.id, file.index, file.reason])).toEqual([
      ['far', 0, 'no_access'],
    ]);
    expect(saved).toHaveLength(1);
    expect(saved[0]?.name).toBe('promptcast-selection.zip');
    const files = unzipSync(new Uint8Array(await (saved[0]?.blob ?? new Blob()).arrayBuffer()));
    expect(files).toEqual({ 'promptcast-2026-11-25-a-kept-kite.png': bytes(7, 8, 9) });
  });
});
