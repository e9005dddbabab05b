import type { CDPSession, Locator, Page } from '@playwright/test';
import type { ExtensionUnderTest } from '../support/extension';
import { PopupPage } from './popup';

/**
 * The side panel's page opened as a tab, tall and narrow like the panel: Playwright does not expose the
 * browser's real side panel as a Page (see RealSidePanel for that one). Same form and lists as the popup.
 */
export class PanelPage extends PopupPage {
  static async openTab(extension: ExtensionUnderTest): Promise<PanelPage> {
    const page = await extension.openPage('sidepanel');
    await page.setViewportSize({ width: 360, height: 900 });
    return new PanelPage(page);
  }

  /** The gallery of recent results: one cell per file, each opening the viewer. */
  galleryCells(): Locator {
    return this.page.getByRole('region', { name: 'Recent results' }).getByRole('listitem');
  }

  get viewer(): Locator {
    return this.page.getByRole('dialog');
  }
}

/**
 * The browser's real side panel, which Playwright lists neither in `context.pages()` nor as a worker: it is
 * found among the browser's CDP targets and read by evaluating in it over that target's own session.
 */
export class RealSidePanel {
  private constructor(
    private readonly cdp: CDPSession,
    readonly targetId: string,
  ) {}

  /** The side panel targets showing this extension's panel (none while it is closed). */
  static async targets(cdp: CDPSession, extension: ExtensionUnderTest): Promise<string[]> {
    const { targetInfos } = await cdp.send('Target.getTargets');
    return targetInfos
      .filter((target) => target.url === `${extension.origin}/sidepanel.html`)
      .map((target) => target.targetId);
  }

  /** A CDP session of the browser, through a page of its own that tests leave alone. */
  static async browserSession(extension: ExtensionUnderTest): Promise<CDPSession> {
    const page: Page = await extension.context.newPage();
    return extension.context.newCDPSession(page);
  }

  static async find(cdp: CDPSession, extension: ExtensionUnderTest): Promise<RealSidePanel | undefined> {
    const [targetId] = await RealSidePanel.targets(cdp, extension);
    return targetId === undefined ? undefined : new RealSidePanel(cdp, targetId);
  }

  /** Evaluates `expression` in the panel's page and returns its (JSON-able) value. */
  async evaluate<T>(expression: string): Promise<T> {
    const { sessionId } = await this.cdp.send('Target.attachToTarget', {
      targetId: this.targetId,
      flatten: false,
    });
    try {
      const reply = new Promise<{ result?: { result?: { value?: T } }; error?: unknown }>((resolve) => {
        const onMessage = (event: { sessionId?: string; message: string }) => {
          const message = JSON.parse(event.message) as { id?: number };
          if (event.sessionId !== sessionId || message.id !== 1) return;
          this.cdp.off('Target.receivedMessageFromTarget', onMessage);
          resolve(message as { result?: { result?: { value?: T } } });
        };
        this.cdp.on('Target.receivedMessageFromTarget', onMessage);
      });
      const params = { expression, returnByValue: true, awaitPromise: true };
      await this.cdp.send('Target.sendMessageToTarget', {
        sessionId,
        message: JSON.stringify({ id: 1, method: 'Runtime.evaluate', params }),
      });
      const answer = await reply;
      if (answer.error)
        throw new Error(`evaluating in the side panel failed: ${JSON.stringify(answer.error)}`);
      return answer.result?.result?.value as T;
    } finally {
      await this.cdp.send('Target.detachFromTarget', { sessionId });
    }
  }

  /** What a person sees in the prompt box, whether it has the focus, and the video duration field. */
  form(): Promise<{ prompt: string; focused: boolean; duration: string; title: string }> {
    return this.evaluate(`(() => {
      const box = document.querySelector('textarea');
      return {
        prompt: box?.value ?? '',
        focused: document.activeElement === box,
        duration: document.getElementById('video-duration')?.value ?? '',
        title: document.title,
      };
    })()`);
  }
}
