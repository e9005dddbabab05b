import type { Locator, Page } from '@playwright/test';

/** The buttons every history entry offers; each is named after the entry's prompt. */
export type EntryAction = 'Generate again' | 'Try again' | 'Edit & generate';

export function entryAction(page: Page, action: EntryAction, prompt: string): Locator {
  return page.getByRole('button', { name: `${action}: ${prompt}`, exact: true });
}

/** The "cost N credits" line of an entry (or result card). */
export function costOf(entry: Locator): Locator {
  return entry.getByTestId('entry-cost');
}
