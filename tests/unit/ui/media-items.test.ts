import { describe, expect, it } from 'vitest';
import { mediaItems } from '@/utils/copies/page/media-items';
import type { HistoryEntry } from '@/utils/history/schema';

const base = { model: 'm', source: 'popup', createdAt: 1 } as const;
const entries: HistoryEntry[] = [
  { ...base, id: 'run', kind: 'video', prompt: 'r', status: 'running', urls: [] },
  {
    ...base,
    id: 'two',
    kind: 'image',
    prompt: 'two files',
    status: 'completed',
    urls: ['https://a/1', 'https://a/2'],
  },
  { ...base, id: 'bad', kind: 'image', prompt: 'f', status: 'failed', urls: [] },
  { ...base, id: 'vid', kind: 'video', prompt: 'v', status: 'completed', urls: ['https://a/v'] },
  {
    ...base,
    id: 'framed',
    kind: 'video',
    prompt: 'w',
    status: 'completed',
    urls: ['https://a/w1', 'https://a/w2'],
    thumbnail: { index: 1, image: 'data:image/webp;base64,UklGRg==' },
  },
];

describe('mediaItems', () => {
  it('lists every file of the completed entries in order, each with its copy record', () => {
    const kept = { state: 'kept', bytes: 1, files: 1 } as const;
    const items = mediaItems(entries, { vid: kept });
    expect(items.map((item) => [item.key, item.index, item.files, item.kind])).toEqual([
      ['two:0', 0, 2, 'image'],
      ['two:1', 1, 2, 'image'],
      ['vid:0', 0, 1, 'video'],
      ['framed:0', 0, 2, 'video'],
      ['framed:1', 1, 2, 'video'],
    ]);
    // The chosen frame is the picture of its own file only.
    expect(items.map((item) => item.thumbnail)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      'data:image/webp;base64,UklGRg==',
    ]);
    expect(items[2]?.copy).toBe(kept);
    expect(items[0]?.copy).toBeUndefined();
  });
});
