import type { Locator, Page } from '@playwright/test';
import type { ExtensionUnderTest } from '../support/extension';
import { type EntryAction, entryAction } from './entry-actions';

export interface VideoChoices {
  duration?: number;
  resolution?: string;
  aspectRatio?: string;
  audio?: boolean;
}

/** The toolbar popup as a person uses it, at the size Chrome gives it. */
export class PopupPage {
  readonly prompt: Locator;
  readonly imageButton: Locator;
  readonly videoButton: Locator;
  readonly balance: Locator;
  readonly result: Locator;
  readonly form: Locator;
  /** The page-level error under the form (not a field's or the balance's). */
  readonly error: Locator;
  readonly jobs: Locator;
  readonly recent: Locator;

  constructor(readonly page: Page) {
    this.prompt = page.getByRole('textbox', { name: 'Prompt' });
    this.imageButton = page.getByRole('button', { name: 'Generate image' });
    this.videoButton = page.getByRole('button', { name: 'Generate video' });
    this.balance = page.getByTestId('balance');
    this.result = page.getByTestId('result');
    this.form = page.locator('form');
    this.error = page.locator('main > [role="alert"]');
    this.jobs = page.getByRole('list', { name: 'Jobs' }).getByTestId('job');
    this.recent = page.getByRole('list', { name: 'Recent' }).getByTestId('history-entry');
  }

  static async open(extension: ExtensionUnderTest): Promise<PopupPage> {
    const page = await extension.openPage('popup');
    await page.setViewportSize({ width: 380, height: 600 });
    return new PopupPage(page);
  }

  async generateImage(prompt: string): Promise<void> {
    await this.prompt.fill(prompt);
    await this.imageButton.click();
  }

  async generateVideo(prompt: string, choices: VideoChoices = {}): Promise<void> {
    await this.prompt.fill(prompt);
    await this.chooseVideo(choices);
    await this.videoButton.click();
  }

  async chooseVideo({ duration, resolution, aspectRatio, audio }: VideoChoices): Promise<void> {
    if (duration !== undefined) await this.page.getByLabel('Duration (seconds)').fill(String(duration));
    if (resolution !== undefined) await this.page.getByLabel('Resolution').selectOption(resolution);
    if (aspectRatio !== undefined) await this.page.getByLabel('Aspect ratio').selectOption(aspectRatio);
    if (audio !== undefined) await this.page.getByLabel('Audio').setChecked(audio);
  }

  /** A live status line saying `text` (progress, "Image ready.", "Video submitted."). */
  status(text?: string | RegExp): Locator {
    const all = this.page.getByRole('status');
    return text === undefined ? all : all.filter({ hasText: text });
  }

  /** An alert saying `text`; the popup may show two at once (the balance's and the result's). */
  alertSaying(text: string | RegExp): Locator {
    return this.page.getByRole('alert').filter({ hasText: text }).first();
  }

  get alerts(): Locator {
    return this.page.getByRole('alert');
  }

  /** The running or finished job whose prompt contains `text`. */
  job(text: string): Locator {
    return this.jobs.filter({ hasText: text });
  }

  async refreshBalance(): Promise<void> {
    await this.page.getByRole('button', { name: 'Refresh balance' }).click();
  }

  async reopen(extension: ExtensionUnderTest): Promise<PopupPage> {
    await this.page.close();
    return PopupPage.open(extension);
  }

  /** "Generate again", "Try again" or "Edit & generate" on the entry with this prompt. */
  entryAction(action: EntryAction, prompt: string): Locator {
    return entryAction(this.page, action, prompt);
  }
}
