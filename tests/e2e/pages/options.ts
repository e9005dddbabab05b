import type { Locator, Page } from '@playwright/test';
import type { ExtensionUnderTest } from '../support/extension';

export interface ServiceFields {
  url?: string;
  key?: string;
  model?: string;
  pollIntervalSec?: number;
}

/** The options page as a person uses it. */
export class OptionsPage {
  readonly url: Locator;
  readonly key: Locator;
  readonly model: Locator;
  readonly pollInterval: Locator;
  readonly modelField: Locator;

  constructor(readonly page: Page) {
    this.url = page.getByLabel('Service URL');
    this.key = page.getByLabel('API key', { exact: true });
    this.model = page.getByLabel('Model', { exact: true });
    this.pollInterval = page.getByLabel('Poll interval (seconds)');
    this.modelField = page.getByLabel('Model field name');
  }

  static async open(extension: ExtensionUnderTest): Promise<OptionsPage> {
    return new OptionsPage(await extension.openPage('options'));
  }

  /** Fills the given fields; the advanced section is opened only when one of its fields is given. */
  async fill({ url, key, model, pollIntervalSec }: ServiceFields): Promise<void> {
    if (url !== undefined) await this.url.fill(url);
    if (key !== undefined) await this.key.fill(key);
    if (model !== undefined) await this.model.fill(model);
    if (pollIntervalSec !== undefined) {
      await this.toggleAdvanced();
      await this.pollInterval.fill(String(pollIntervalSec));
    }
  }

  async save(fields: ServiceFields = {}): Promise<void> {
    await this.fill(fields);
    await this.page.getByRole('button', { name: 'Save' }).click();
  }

  async testConnection(fields: ServiceFields = {}): Promise<void> {
    await this.fill(fields);
    await this.page.getByRole('button', { name: 'Test connection' }).click();
  }

  /** The budgets the form edits, named after the active profile they belong to. */
  budgetsOf(profileName: string): Locator {
    return this.page.getByRole('group', { name: `Budgets of profile “${profileName}”` });
  }

  /** Makes the named profile the active one from its row in the profile list. */
  async useProfile(profileName: string): Promise<void> {
    await this.page.getByRole('button', { name: `Use ${profileName}` }).click();
  }

  async toggleAdvanced(): Promise<void> {
    await this.page.getByText('Advanced').click();
  }

  async replaceKey(): Promise<void> {
    await this.page.getByRole('button', { name: 'Replace' }).click();
  }

  async removeKey(): Promise<void> {
    await this.page.getByRole('button', { name: 'Remove' }).click();
  }

  /** "Set, ending in ••••1234": what the page shows of a stored key. */
  keyEndingIn(last4: string): Locator {
    return this.page.getByText(`Set, ending in ••••${last4}`);
  }

  /** What the page says about the stored key: "Set" alone for keys too short to show their end. */
  get keyStatus(): Locator {
    return this.page.getByTestId('api-key-status');
  }

  get status(): Locator {
    return this.page.getByRole('status');
  }

  get alert(): Locator {
    return this.page.getByRole('alert');
  }

  /** The connection doctor's one-click fix for a service URL pasted with an interface path. */
  useBaseUrlButton(baseUrl: string): Locator {
    return this.page.getByRole('button', { name: `Use ${baseUrl} instead` });
  }

  /** What the connection doctor noticed beside the outcome (a trimmed key, a fixable URL). */
  get doctorNotes(): Locator {
    return this.page.getByTestId('doctor-notes');
  }

  /** Everything the page shows as text, form values aside. */
  visibleText(): Promise<string> {
    return this.page.locator('body').innerText();
  }

  alertSaying(text: string | RegExp): Locator {
    return this.alert.filter({ hasText: text }).first();
  }
}
