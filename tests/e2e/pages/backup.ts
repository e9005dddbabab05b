import { expect, type Locator, type Page } from '@playwright/test';
import type { ExtensionUnderTest } from '../support/extension';

/** Where a backup goes, as a person types it on the options page: a WebDAV folder or an S3 bucket. */
export type Place =
  | { url: string; username: string; password: string }
  | { endpoint: string; region: string; bucket: string; prefix: string; accessKeyId: string; secret: string };
export type PlaceFields = Place & { passphrase: string };

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

  async setUp(place: PlaceFields): Promise<void> {
    const form = this.section.getByRole('form', { name: 'Set up backup' });
    await fillPlace(form, place);
    await form.getByRole('button', { name: 'Set up backup' }).click();
  }

  /** Sets the backup up to open with the key lock's passphrase: no passphrase of its own is asked for. */
  async setUpWithKeyLock(place: Place): Promise<void> {
    const form = this.section.getByRole('form', { name: 'Set up backup' });
    await fillPlace(form, place);
    await form.getByLabel("Use my key lock's passphrase").check();
    await expect(form.getByLabel('Backup passphrase')).toHaveCount(0);
    await form.getByRole('button', { name: 'Set up backup' }).click();
  }

  /** Fills the restore form and asks what the backup holds. */
  async preview(place: PlaceFields): Promise<void> {
    if (!(await this.restore.isVisible())) await this.section.getByText('Restore from a backup').click();
    await fillPlace(this.restore, place);
    await this.restore.getByRole('button', { name: 'Show what it holds' }).click();
  }
}

export async function fillPlace(form: Locator, place: Place | PlaceFields): Promise<void> {
  if ('url' in place) {
    await form.getByLabel('WebDAV', { exact: false }).check();
    await form.getByLabel('Folder address').fill(place.url);
    await form.getByLabel('User name').fill(place.username);
    await form.getByLabel('Password or app password').fill(place.password);
  } else {
    await form.getByLabel('S3-compatible', { exact: false }).check();
    await form.getByLabel('Endpoint', { exact: true }).fill(place.endpoint);
    await form.getByLabel('Region', { exact: true }).fill(place.region);
    await form.getByLabel('Bucket', { exact: true }).fill(place.bucket);
    await form.getByLabel('Folder in the bucket (optional)', { exact: true }).fill(place.prefix);
    await form.getByLabel('Access key ID', { exact: true }).fill(place.accessKeyId);
    await form.getByLabel('Secret access key', { exact: true }).fill(place.secret);
  }
  if ('passphrase' in place) await form.getByLabel('Backup passphrase').fill(place.passphrase);
}
