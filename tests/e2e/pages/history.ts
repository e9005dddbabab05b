import { expect, type Locator, type Page } from '@playwright/test';
import type { ExtensionUnderTest } from '../support/extension';
import { type EntryAction, entryAction } from './entry-actions';

/** The full history page as a person uses it. */
export class HistoryPage {
  constructor(readonly page: Page) {}

  static async open(extension: ExtensionUnderTest): Promise<HistoryPage> {
    return new HistoryPage(await extension.openPage('history'));
  }

  /**
   * Every entry shown, newest first: the rows of the list the "History" heading names. Found by that label's id
   * rather than by role, which would name every element of a page holding thousands of rows at each look.
   */
  entries(): Locator {
    return this.page.locator('ul[aria-labelledby="history-heading"] > [data-testid="history-entry"]');
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

  /** Waits until every picture of the results grid has loaded (decoded, with its own size). */
  async gridPicturesLoaded(count: number): Promise<void> {
    const loaded = () =>
      this.gridCells()
        .locator('img')
        .evaluateAll((images) =>
          images.filter(
            (image) => image instanceof HTMLImageElement && image.complete && image.naturalWidth > 0,
          ),
        )
        .then((images) => images.length);
    await expect.poll(loaded).toBe(count);
  }

  /**
   * How far the history's rows have moved since they were shown (the layout shift the browser scored for
   * them): a row that moves as it is clicked loses the click, the press landing on one element and the
   * release on another.
   */
  rowShifts(): Promise<number> {
    return this.page.evaluate(async () => {
      const rows = document.querySelector('ul[aria-labelledby="history-heading"]');
      let score = 0;
      const add = (entries: PerformanceEntryList) => {
        for (const entry of entries as unknown as LayoutShift[])
          if (entry.sources.some((source) => source.node && rows?.contains(source.node)))
            score += entry.value;
      };
      const observer = new PerformanceObserver((list) => add(list.getEntries()));
      // The entries since the page opened come in a task of their own; any not delivered by then are taken.
      observer.observe({ type: 'layout-shift', buffered: true });
      await new Promise((resolve) => setTimeout(resolve, 100));
      add(observer.takeRecords());
      observer.disconnect();
      return score;

      interface LayoutShift {
        value: number;
        sources: { node: Node | null }[];
      }
    });
  }

  /** The open viewer (lightbox). */
  get viewer(): Locator {
    return this.page.getByRole('dialog');
  }

  /** Types into the prompt search (replacing what was there). */
  async search(text: string): Promise<void> {
    await this.page.getByRole('searchbox', { name: 'Search prompts' }).fill(text);
  }

  /** Picks an option of one of the find controls: "Kind", "Status", "Date" or "Collection" ("(any)" for all). */
  async choose(control: 'Kind' | 'Status' | 'Date' | 'Collection', option: string): Promise<void> {
    await this.page.getByRole('combobox', { name: control, exact: true }).selectOption({ label: option });
  }

  /** Ticks or unticks "Favourites only". */
  async favouritesOnly(on: boolean): Promise<void> {
    await this.page.getByRole('checkbox', { name: 'Favourites only' }).setChecked(on);
  }

  /** The polite line that says how many entries are loaded of how many, or how many a search found. */
  get count(): Locator {
    return this.page.getByTestId('history-count');
  }

  /** The star of the entry with this prompt, whichever its state ("Favourite: …" or "Unfavourite: …"). */
  star(prompt: string): Locator {
    return this.page.getByRole('button', {
      name: new RegExp(`^(Un)?favourite: ${escapeRegExp(prompt)}$`, 'i'),
    });
  }

  async toggleFavourite(prompt: string): Promise<void> {
    await this.star(prompt).click();
  }

  /** The selection checkbox of the entry with this prompt. */
  checkbox(prompt: string): Locator {
    return this.page.getByRole('checkbox', { name: `Select: ${prompt}`, exact: true });
  }

  /** Clicks an entry's checkbox: alone, with Shift (the range from the last toggled row) or Ctrl/Cmd. */
  async select(prompt: string, modifier?: 'Shift' | 'ControlOrMeta'): Promise<void> {
    await this.checkbox(prompt).click(modifier ? { modifiers: [modifier] } : {});
  }

  /** The bulk action bar ("N selected" and what can be done to the selection). */
  get bulkBar(): Locator {
    return this.page.getByRole('toolbar', { name: 'Selected entries' });
  }

  async selectAllShown(): Promise<void> {
    await this.bulkBar.getByRole('button', { name: 'Select all shown' }).click();
  }

  async clearSelection(): Promise<void> {
    await this.bulkBar.getByRole('button', { name: 'Clear selection' }).click();
  }

  /** A bulk action that needs no answer. */
  async bulk(
    action: 'Favourite' | 'Unfavourite' | 'Export selected' | 'Download each' | 'Download as zip',
  ): Promise<void> {
    await this.bulkBar.getByRole('button', { name: action, exact: true }).click();
  }

  /** *Delete* on the selection, then confirms ("Delete entries") or cancels. */
  async deleteSelected(confirm: boolean): Promise<void> {
    await this.bulkBar.getByRole('button', { name: 'Delete', exact: true }).click();
    await this.page.getByRole('button', { name: confirm ? 'Delete entries' : 'Cancel' }).click();
  }

  /** Puts the selection in the named collection. */
  async addSelectedToCollection(name: string): Promise<void> {
    await this.bulkBar.getByLabel('Collection name', { exact: true }).fill(name);
    await this.bulkBar.getByRole('button', { name: 'Add', exact: true }).click();
  }

  /** Puts one entry in the named collection through its own (folded) form. */
  async addToCollection(prompt: string, name: string): Promise<void> {
    const entry = this.entry(prompt);
    await entry.getByText('Add to collection', { exact: true }).click();
    await entry.getByLabel('Collection name', { exact: true }).fill(name);
    await entry.getByRole('button', { name: 'Add', exact: true }).click();
  }

  /** The chip that takes the entry out of the collection again. */
  collectionChip(prompt: string, name: string): Locator {
    return this.entry(prompt).getByRole('button', { name: `Remove from collection ${name}`, exact: true });
  }

  async showMore(): Promise<void> {
    await this.page.getByRole('button', { name: 'Show more' }).click();
  }

  /**
   * Scrolls to the end of the page, as a person dragging the scrollbar down would, until every entry is loaded: each time the
   * list's end comes into view the next page is read, until no "Show more" is left. Counted with plain DOM
   * queries: a role query names every button of thousands of rows each time it looks.
   */
  async scrollToEnd(): Promise<void> {
    const state = () =>
      this.page.evaluate(() => ({
        rows: document.querySelectorAll('[data-testid="history-entry"]').length,
        more: [...document.querySelectorAll('button')].some((button) => button.textContent === 'Show more'),
      }));
    for (let now = await state(); now.more; ) {
      const before = now.rows;
      await this.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      // Looked at from here a few times a second, not on every frame in the page: at thousands of rows one
      // look takes the page 50-200 ms, and taken each frame it starved the rendering of the next page, which
      // React splits into chunks with frames between them (this scroll took 337 s so; it takes about 50).
      await expect
        .poll(
          async () => {
            now = await state();
            return now.rows > before || !now.more;
          },
          // As long as the test allows: a page of 2,000 rows renders in seconds, longer on a loaded machine.
          { timeout: 0 },
        )
        .toBe(true);
    }
  }

  async exportHistory(): Promise<void> {
    await this.page.getByRole('button', { name: 'Export', exact: true }).click();
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

  /** The folded *Spending* section (its button is its heading). */
  get spending(): Locator {
    return this.page.getByRole('region', { name: 'Spending' });
  }

  /** Opens *Spending* and its table, and waits for the chart. */
  async openSpending(): Promise<void> {
    await this.spending.getByRole('button', { name: 'Spending' }).click();
    await this.spendChart.waitFor();
    await this.spending.getByRole('button', { name: 'Numbers as a table' }).click();
  }

  /** The chart's drawing: one image, named by its summary. */
  get spendChart(): Locator {
    return this.spending.getByRole('img');
  }

  /** Picks whose spend the chart shows: a profile's name or "All profiles". */
  async chooseSpendProfile(name: string): Promise<void> {
    await this.spending.getByRole('combobox', { name: 'Profile' }).selectOption({ label: name });
  }

  /** The chart's numbers as a table (the figures per model are another table beside it). */
  get spendTable(): Locator {
    return this.spending.getByTestId('spend-table');
  }

  /** The figures per model: each row's header (the model) and its cells, as the page shows them. */
  modelFigures(): Promise<Record<string, string[]>> {
    return this.spending
      .getByTestId('model-figures')
      .evaluate((table) =>
        Object.fromEntries(
          [...table.querySelectorAll('tbody tr')].map((row) => [
            row.querySelector('th')?.textContent ?? '',
            [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? ''),
          ]),
        ),
      );
  }

  /** The spend table's days as `YYYY-MM-DD` (local), each with its image, video and total credits. */
  spendRows(): Promise<Record<string, number[]>> {
    return this.spendTable.evaluate((table) => {
      // English figures: "1,234.5".
      const number = (cell: Element) => Number((cell.textContent ?? '').replace(/,/g, ''));
      return Object.fromEntries(
        [...table.querySelectorAll('tbody tr')].map((row) => [
          row.querySelector('time')?.getAttribute('datetime') ?? '',
          [...row.querySelectorAll('td')].map(number),
        ]),
      );
    });
  }

  /** The spend table's last row: the 30 days' sums. */
  spendTotals(): Locator {
    return this.spendTable.locator('tfoot td');
  }

  /** "Generate again", "Try again" or "Edit & generate" on the entry with this prompt. */
  entryAction(action: EntryAction, prompt: string): Locator {
    return entryAction(this.page, action, prompt);
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
