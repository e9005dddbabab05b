import { describe, expect, it } from 'vitest';
import { fileReading } from '../../../utils/history/page/file-reading';
import { historyFileText } from '../../support/history-file-text';
import { imageEntry as entry } from '../support/fixtures';

const NOW = Date.UTC(2026, 10, 28);

describe('a chosen history file, read off the page', () => {
  it('comes as its entries in a JSON Blob, in the file’s order, with their count and the library part unread', async () => {
    const entries = Array.from({ length: 2500 }, (_, i) => entry(`e${i}`, { createdAt: NOW - i }));
    const library = [{ id: 'p', name: 'n', text: 't', tags: [], createdAt: 1, updatedAt: 1 }];
    const read = fileReading(historyFileText(entries, NOW, library), NOW);
    if (read.type !== 'read') throw new Error(`not read: ${read.type}`);
    expect(read.count).toBe(2500);
    expect(read.entries.type).toBe('application/json');
    expect(JSON.parse(await read.entries.text())).toEqual(entries);
    expect(read.library).toEqual({ format: 'promptcast-library', v: 1, prompts: library });
  });

  it('is not JSON: says so', () => {
    expect(fileReading('{"entries":', NOW)).toEqual({ type: 'notJson' });
  });

  it('is not an export: refused whole, naming the first problem', () => {
    const file = JSON.parse(historyFileText([entry('a'), entry('b')], NOW)) as {
      entries: { urls: string[] }[];
    };
    (file.entries[1] as { urls: string[] }).urls = ['javascript:alert(1)'];
    expect(fileReading(JSON.stringify(file), NOW)).toMatchObject({
      type: 'refused',
      info: { kind: 'invalid_input', detail: 'entries.1.urls.0: not an http(s) URL' },
    });
  });
});
