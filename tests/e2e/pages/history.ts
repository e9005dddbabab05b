import type { Locator, Page } from '@playwright/test';
import type { ExtensionUnderTest } from '../support/extension';
import { type EntryAction, entryAction } from './entry-actions';

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

  /** Types into the prompt search (replacing what was there). */
  async search(text: string): Promise<void> {
    await this.page.getByRole('searchbox', { name: 'Search prompts' }).fill(text);
  }

  /** Picks an option of one of the find controls: "Kind", "Status" or "Date". */
  async choose(control: 'Kind' | 'Status' | 'Date', option: string): Promise<void> {
    await this.page.getByRole('combobox', { name: control, exact: true }).selectOption({ label: option });
  }

  async exportHistory(): Promise<void> {
    await this.page.getByRole('button', { name: 'Export' }).click();
  }

  /** Chooses a file in *Import*, as the file picker would hand it over. */
  async importFile(name: string, content: string | Buffer): Promise<void> {
    await this.page
      .getByLabel('Import', { exact: true })
      .setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(content) });
  }

  /** A status message with exactly this text (the page may show an earlier one next to it). */
  statusSaying(text: string): Locator {
    return this.page.getByRole('status').and(this.page.getByText(text, { exact: true }));
  }

  get alert(): Locator {
    return this.page.getByRole('alert');
  }

  /** "Generate again", "Try again" or "Edit & generate" on the entry with this prompt. */
  entryAction(action: EntryAction, prompt: string): Locator {
    return entryAction(this.page, action, prompt);
  }
}
