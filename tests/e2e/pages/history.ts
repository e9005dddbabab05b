import type { Locator, Page } from '@playwright/test';
import type { ExtensionUnderTest } from '../support/extension';

/** The full history page as a person uses it. */
export class HistoryPage {
  constructor(readonly page: Page) {}

  static async open(extension: ExtensionUnderTest): Promise<HistoryPage> {
    return new HistoryPage(await extension.openPage('history'));
  }

  /** Every entry shown, newest first. */
  entries(): Locator {
    return this.page.getByRole('list', { name: 'History' }).getByTestId('history-entry');
  }

  /** The entry whose prompt contains `text`. */
  entry(text: string): Locator {
    return this.entries().filter({ hasText: text });
  }

  async remove(prompt: string): Promise<void> {
    await this.page.getByRole('button', { name: `Remove entry: ${prompt}` }).click();
  }

  /** Presses "Clear history", then confirms ("Delete all") or cancels. */
  async clear(confirm: boolean): Promise<void> {
    await this.page.getByRole('button', { name: 'Clear history' }).click();
    await this.page.getByRole('button', { name: confirm ? 'Delete all' : 'Cancel' }).click();
  }

  get status(): Locator {
    return this.page.getByRole('status');
  }

  /** The results grid: one cell per file, each opening the viewer. */
  gridCells(): Locator {
    return this.page.getByRole('region', { name: 'Results' }).getByRole('listitem');
  }

  /** The open viewer (lightbox). */
  get viewer(): Locator {
    return this.page.getByRole('dialog');
  }
}
