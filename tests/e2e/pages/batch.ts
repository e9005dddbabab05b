import { expect, type Locator, type Page } from '@playwright/test';

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
  /** What several prompts will probably cost, shown above the buttons once the history is read. */
  readonly preview: Locator;

  constructor(readonly page: Page) {
    this.onePerLine = page.getByRole('checkbox', { name: 'One per line' });
    this.prompt = page.getByRole('textbox', { name: 'Prompt' });
    this.count = page.locator('#batch-count');
    this.question = page.getByRole('group', { name: /now\? Each one spends credits/ });
    this.confirm = this.question.getByRole('button', { name: 'Make them' });
    this.cancel = this.question.getByRole('button', { name: 'Cancel' });
    this.problem = page.locator('#prompt-error');
    this.preview = page.getByTestId('cost-preview');
  }

  button(kind: 'image' | 'video'): Locator {
    return this.page.getByRole('button', { name: kind === 'image' ? 'Generate image' : 'Generate video' });
  }

  /**
   * Presses the kind's button once the form stands still, as a person reading it would. For several
   * prompts the cost preview comes in above the buttons a moment after the text (it reads the history
   * first) and pushes them down: a click pressed before and released after that lands beside the
   * button and is lost, and Playwright, which checks only where the press lands, reports it done.
   */
  async generate(kind: 'image' | 'video'): Promise<void> {
    const [count = ''] = await this.count.allTextContents();
    if (Number(/^\d+/.exec(count)?.[0] ?? 0) > 1) await expect(this.preview).toBeVisible();
    await this.button(kind).click();
  }

  /** Types one prompt per line with *One per line* on, and presses the kind's button. */
  async send(kind: 'image' | 'video', prompts: readonly string[]): Promise<void> {
    await this.onePerLine.check();
    await this.prompt.fill(prompts.join('\n'));
    await this.generate(kind);
  }
}

/** Pause, resume and cancel for a batch's prompts not sent yet, as listed on a page (popup, panel, history). */
export class BatchControls {
  /** The batch's own controls, named by what is not sent yet ("Batch: 3 not sent yet"). */
  readonly group: Locator;
  readonly pause: Locator;
  readonly resume: Locator;

  constructor(readonly page: Page) {
    this.group = page.getByRole('group', { name: /^Batch( paused)?: \d+ not sent yet$/ });
    this.pause = this.group.getByRole('button', { name: 'Pause sending' });
    this.resume = this.group.getByRole('button', { name: 'Resume sending' });
  }

  /** "Cancel the N not sent". */
  cancelRest(count: number): Locator {
    return this.group.getByRole('button', { name: `Cancel the ${count} not sent`, exact: true });
  }

  /** The "Cancel" beside one prompt waiting to be sent. */
  cancel(prompt: string): Locator {
    return this.page.getByRole('button', { name: `Cancel “${prompt}” before it is sent`, exact: true });
  }

  /** What the last click did, said in the batch's live region. */
  notice(text: string | RegExp): Locator {
    return this.page.getByRole('status').filter({ hasText: text });
  }
}
