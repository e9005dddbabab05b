import type { Locator, Page } from '@playwright/test';
import type { ExtensionUnderTest } from '../support/extension';

/** Where a backup goes, as a person types it on the options page. */
export interface PlaceFields {
  url: string;
  username: string;
  password: string;
  passphrase: string;
}

/** The options page's backup section, as a person uses it. */
export class BackupSection {
  readonly section: Locator;
  readonly restore: Locator;

  constructor(readonly page: Page) {
    this.section = page.getByRole('region', { name: 'Backup' });
    this.restore = page.getByRole('form', { name: 'Restore from a backup' });
  }

  static async open(extension: ExtensionUnderTest): Promise<BackupSection> {
    return new BackupSection(await extension.openPage('options'));
  }

  async setUp({ url, username, password, passphrase }: PlaceFields): Promise<void> {
    const form = this.section.getByRole('form', { name: 'Set up backup' });
    await form.getByLabel('Folder address').fill(url);
    await form.getByLabel('User name').fill(username);
    await form.getByLabel('Password or app password').fill(password);
    await form.getByLabel('Backup passphrase').fill(passphrase);
    await form.getByRole('button', { name: 'Set up backup' }).click();
  }

  /** Fills the restore form and asks what the backup holds. */
  async preview({ url, username, password, passphrase }: PlaceFields): Promise<void> {
    if (!(await this.restore.isVisible())) await this.section.getByText('Restore from a backup').click();
    await this.restore.getByLabel('Folder address').fill(url);
    await this.restore.getByLabel('User name').fill(username);
    await this.restore.getByLabel('Password or app password').fill(password);
    await this.restore.getByLabel('Backup passphrase').fill(passphrase);
    await this.restore.getByRole('button', { name: 'Show what it holds' }).click();
  }
}
