import type { HistoryEntry } from '../../../utils/history/schema';
import type { LibraryPrompt } from '../../../utils/library/schema';

/** A finished image entry named by its id, with whatever a test changes. */
export function imageEntry(id: string, patch: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    id,
    kind: 'image',
    prompt: `prompt ${id}`,
    model: 'm1',
    source: 'popup',
    status: 'completed',
    urls: [`https://media.test/${id}.png`],
    createdAt: 1000,
    ...patch,
  };
}

/** A saved library prompt named by its id, with whatever a test changes. */
export const libraryPrompt = (id: string, fields: Partial<LibraryPrompt> = {}): LibraryPrompt => ({
  id,
  name: `Prompt ${id}`,
  text: `text ${id}`,
  tags: [],
  createdAt: 1,
  updatedAt: 1,
  ...fields,
});
