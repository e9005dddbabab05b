import { expect, type Locator, type Page } from '@playwright/test';
import type { ExtensionUnderTest } from '../support/extension';

/** The prompt library page as a person uses it. */
export class LibraryPage {
  readonly search: Locator;
  readonly rows: Locator;
  readonly count: Locator;
  readonly importInput: Locator;

  constructor(readonly page: Page) {
    this.search = page.getByLabel('Search name, tags and text');
    this.rows = page.getByTestId('library-row');
    this.count = page.getByTestId('library-count');
    this.importInput = page.locator('input[type="file"]');
  }

  static async open(extension: ExtensionUnderTest): Promise<LibraryPage> {
    return new LibraryPage(await extension.openPage('library'));
  }

  row(name: string): Locator {
    return this.rows.filter({ has: this.page.getByRole('heading', { name, exact: true }) });
  }

  /** A row's button (Edit, Duplicate, Move up, Move down, Delete). */
  action(name: string, label: string): Locator {
    return this.page.getByRole('button', { name: `${label}: ${name}`, exact: true });
  }

  async importJson(name: string, content: unknown): Promise<void> {
    await this.importInput.setInputFiles({
      name,
      mimeType: 'application/json',
      buffer: Buffer.from(typeof content === 'string' ? content : JSON.stringify(content)),
    });
  }
}

/** The picker and the variables' form of the popup's or side panel's prompt form. */
export class LibraryPicker {
  readonly search: Locator;
  readonly options: Locator;
  readonly preview: Locator;
  readonly charactersLeft: Locator;

  constructor(readonly page: Page) {
    this.search = page.getByRole('combobox', { name: /Insert from the library/ });
    this.options = page.getByRole('listbox', { name: 'Prompt library' }).getByRole('option');
    this.preview = page.getByTestId('template-preview');
    this.charactersLeft = page.getByTestId('template-left');
  }

  /** `/` in the empty prompt box, as a person presses it, before React took over the page or after. */
  async openWithSlash(prompt: Locator): Promise<void> {
    await prompt.fill('');
    await prompt.press('/');
    await expect(this.search).toBeFocused();
  }
}
