import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { type ZipEntry, zipFiles } from '../../../utils/ui/history-zip';

const day = new Date(2026, 10, 25, 12).getTime();
const entry = (id: string, prompt: string, urls: string[]): ZipEntry => ({
  id,
  prompt,
  createdAt: day,
  kind: 'image',
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
