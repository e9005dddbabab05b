import type { Locator, Page } from '@playwright/test';

/** The prompt form's *One per line* mode, wherever the form is (popup, side panel). */
export class BatchForm {
  readonly onePerLine: Locator;
  readonly prompt: Locator;
  readonly count: Locator;
  /** The inline "Make 6 images now?" question and its answers. */
  readonly question: Locator;
  readonly confirm: Locator;
  readonly cancel: Locator;
  /** The form's own problem under the prompt box. */
  readonly problem: Locator;

  constructor(readonly page: Page) {
    this.onePerLine = page.getByRole('checkbox', { name: 'One per line' });
    this.prompt = page.getByRole('textbox', { name: 'Prompt' });
    this.count = page.locator('#batch-count');
    this.question = page.getByRole('group', { name: /now\? Each one spends credits/ });
    this.confirm = this.question.getByRole('button', { name: 'Make them' });
    this.cancel = this.question.getByRole('button', { name: 'Cancel' });
    this.problem = page.locator('#prompt-error');
  }

  button(kind: 'image' | 'video'): Locator {
    return this.page.getByRole('button', { name: kind === 'image' ? 'Generate image' : 'Generate video' });
  }

  /** Types one prompt per line with *One per line* on, and presses the kind's button. */
  async send(kind: 'image' | 'video', prompts: readonly string[]): Promise<void> {
    await this.onePerLine.check();
    await this.prompt.fill(prompts.join('\n'));
    await this.button(kind).click();
  }
}
