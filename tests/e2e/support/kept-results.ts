import type { Page } from '@playwright/test';
import type { Copies } from '../../../utils/copies/copies-schema';
import type { HistoryEntry } from '../../../utils/history/schema';
import { expect } from './fixtures';
import { EVENTUALLY } from './probes';
import { sendFrom } from './setup';

/** Each entry's copy record, read from an extension page. */
export async function copiesIn(page: Page): Promise<Copies['entries']> {
  const stored = await page.evaluate(() => chrome.storage.local.get('copies'));
  return ((stored.copies as Copies | undefined) ?? { entries: {} }).entries;
}

/** Generates an image per prompt from `page` and waits until every one's copy is kept. */
export async function keptImages(page: Page, prompts: readonly string[]): Promise<HistoryEntry[]> {
  const made: HistoryEntry[] = [];
  for (const prompt of prompts) {
    const response = await sendFrom(page, { type: 'generateImage', prompt });
    if (!response.ok) throw new Error(`the image "${prompt}" was refused: ${response.error.message}`);
    made.push(response.data);
  }
  await expect
    .poll(async () => {
      const copies = await copiesIn(page);
      return made.map((entry) => copies[entry.id]?.state);
    }, EVENTUALLY)
    .toEqual(made.map(() => 'kept'));
  return made;
}
