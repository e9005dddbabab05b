import type { ElementHandle, Page } from 'puppeteer-core';
import type { Browser, Notifications } from 'webextension-polyfill';
import type { HistoryEntry } from '../../../utils/history/schema';
import { readAllHistory } from '../../support/history-probe';
import type { FirefoxUnderTest } from './firefox';

// The page's own `browser`: these declarations type the callbacks that run inside extension pages.
declare const browser: Browser;

export interface RecordedNotification {
  id: string;
  title: string;
  message: string;
}

/** The background page's window, as `extension.getBackgroundPage()` returns it to other extension pages. */
interface BackgroundWindow {
  browser: Browser;
  promptcastTestHooks?: { onMenuClicked: (info: { menuItemId: string; selectionText: string }) => void };
}

export interface LoadedImage {
  src: string;
  width: number;
  height: number;
}

export interface VideoState {
  /** HTMLMediaElement.readyState: 1 once the metadata is read. */
  ready: number;
  /** MediaError.code, or null. */
  error: number | null;
  src: string;
}

interface ObserverWindow extends Window {
  promptcastNotes?: RecordedNotification[];
}

const WAIT = { polling: 100, timeout: 20_000 };

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Where to look for a button: the first element matching `selector` whose text holds `text`. */
interface Scope {
  selector: string;
  text: string;
}

/** Runs in the page: the enabled button named `name` (its text or aria-label), in `scope` when given. */
const enabledButton = (name: string, scope: Scope | null): HTMLButtonElement | undefined => {
  const root = scope
    ? [...document.querySelectorAll(scope.selector)].find((item) => item.textContent?.includes(scope.text))
    : document;
  return [...(root?.querySelectorAll('button') ?? [])].find(
    (item) => (item.textContent?.trim() === name || item.ariaLabel === name) && !item.disabled,
  );
};

/** What any extension page offers a person: labelled fields, named buttons, status lines, its own text. */
class ExtensionPage {
  constructor(readonly page: Page) {}

  /**
   * The control a `<label>` with exactly this text names (BiDi has no ARIA selectors); with `within`, the one
   * inside the first element that selector matches (two forms may label their fields alike).
   */
  async field(
    label: string,
    within?: string,
  ): Promise<ElementHandle<HTMLInputElement | HTMLTextAreaElement>> {
    const found = await this.page
      .waitForFunction(
        (text, scope) =>
          [...((scope ? document.querySelector(scope) : document)?.querySelectorAll('label') ?? [])].find(
            (item) => item.textContent?.trim() === text,
          )?.control,
        WAIT,
        label,
        within ?? null,
      )
      .catch((error: unknown) => {
        throw new Error(`no control labelled "${label}"${within ? ` in ${within}` : ''}`, { cause: error });
      });
    return found.asElement() as ElementHandle<HTMLInputElement | HTMLTextAreaElement>;
  }

  /** Types `value` over whatever the field held, as a person who selects it all first. */
  async fill(label: string, value: string, within?: string): Promise<void> {
    const field = await this.field(label, within);
    await field.click();
    // A triple click selects only one line of a textarea in Firefox: a second prompt was typed after the first.
    await field.evaluate((element) => element.select());
    await field.type(value);
  }

  /**
   * Clicks the enabled button whose text or accessible label is `name`, as a person would; with `within`,
   * the one inside the first element matching its selector whose text holds its text.
   */
  async press(name: string, within?: Scope): Promise<void> {
    const found = await this.page.waitForFunction(enabledButton, WAIT, name, within ?? null);
    const button = found.asElement();
    if (!button) throw new Error(`no button "${name}"`);
    await (button as ElementHandle<HTMLButtonElement>).click();
  }

  /** Waits until an element matching `selector` says `expected` (whole text, or a pattern) and returns it. */
  async textOf(selector: string, expected: string | RegExp, timeout = WAIT.timeout): Promise<string> {
    const pattern = typeof expected === 'string' ? `^${escapeRegExp(expected)}$` : expected.source;
    await this.page
      .waitForFunction(
        (css, source) =>
          [...document.querySelectorAll(css)].some((item) =>
            new RegExp(source).test(item.textContent?.trim() ?? ''),
          ),
        { ...WAIT, timeout },
        selector,
        pattern,
      )
      .catch(async (error: unknown) => {
        const seen = await this.page.$$eval(selector, (items) => items.map((item) => item.textContent));
        throw new Error(`${selector} never said ${String(expected)}; it says ${JSON.stringify(seen)}`, {
          cause: error,
        });
      });
    return this.page.$$eval(
      selector,
      (items, source) =>
        items.map((item) => item.textContent?.trim() ?? '').find((text) => new RegExp(source).test(text)) ??
        '',
      pattern,
    );
  }

  /** Waits until the image matching `selector` is decoded; its source and natural size. */
  async loadedImage(selector: string): Promise<LoadedImage> {
    // Read in the same check that finds it loaded: a card swaps the service's file for the kept copy.
    const loaded = await this.page.waitForFunction(
      (css) => {
        const image = document.querySelector<HTMLImageElement>(css);
        return image?.complete === true && image.naturalWidth > 0
          ? { src: image.src, width: image.naturalWidth, height: image.naturalHeight }
          : undefined;
      },
      WAIT,
      selector,
    );
    return (await loaded.jsonValue()) as LoadedImage;
  }

  /**
   * Waits until the `<video>` matching `selector` has read its metadata (`readyState` 1 or more) or failed;
   * its state then, the media error's code included.
   */
  async videoState(selector: string): Promise<VideoState> {
    const settled = await this.page.waitForFunction(
      (css) => {
        const video = document.querySelector<HTMLVideoElement>(css);
        if (!video || (video.readyState < 1 && !video.error)) return undefined;
        return { ready: video.readyState, error: video.error?.code ?? null, src: video.currentSrc };
      },
      WAIT,
      selector,
    );
    return (await settled.jsonValue()) as VideoState;
  }

  /** Everything the page holds that a script on it could read: its markup and its localStorage. */
  async readable(): Promise<string> {
    return this.page.evaluate(() => document.documentElement.outerHTML + JSON.stringify({ ...localStorage }));
  }
}

export class OptionsPage extends ExtensionPage {
  static async open(firefox: FirefoxUnderTest): Promise<OptionsPage> {
    const options = new OptionsPage(await firefox.openPage('options'));
    await options.field('Service URL');
    return options;
  }

  /** Sets the service up as a person does, polling every second so that videos finish quickly. */
  static async setUp(firefox: FirefoxUnderTest, serviceUrl: string, apiKey: string): Promise<OptionsPage> {
    const options = await OptionsPage.open(firefox);
    await options.enterService(serviceUrl, apiKey);
    await options.openAdvanced();
    await options.fill('Poll interval (seconds)', '1');
    await options.save();
    await options.outcome('Saved.');
    return options;
  }

  async enterService(url: string, apiKey: string): Promise<void> {
    await this.fill('Service URL', url);
    await this.fill('API key', apiKey);
  }

  /** Opens the "Advanced" section, where polling and time-outs are set. */
  async openAdvanced(): Promise<void> {
    await this.page.$eval('details', (details) => {
      (details as HTMLDetailsElement).open = true;
    });
  }

  testConnection(): Promise<void> {
    return this.press('Test connection');
  }

  save(): Promise<void> {
    return this.press('Save');
  }

  /** The outcome line under the form: a status when things went well, an alert when not. */
  outcome(expected: string | RegExp): Promise<string> {
    return this.textOf('[role="status"], [role="alert"]', expected);
  }
}

export class PopupPage extends ExtensionPage {
  static async open(firefox: FirefoxUnderTest): Promise<PopupPage> {
    const popup = new PopupPage(await firefox.openPage('popup'));
    await popup.field('Prompt');
    return popup;
  }

  balance(expected: string | RegExp): Promise<string> {
    return this.textOf('[data-testid="balance"]', expected);
  }

  async generateImage(prompt: string): Promise<void> {
    await this.fill('Prompt', prompt);
    await this.press('Generate image');
  }

  async generateVideo(prompt: string): Promise<void> {
    await this.fill('Prompt', prompt);
    await this.press('Generate video');
  }

  /** The result card's image once Firefox has decoded it. */
  renderedResultImage(): Promise<LoadedImage> {
    return this.loadedImage('[data-testid="result"] img');
  }

  /** Text of the popup's job item for this prompt once it has the given status (running/completed/failed). */
  async job(prompt: string, status: HistoryEntry['status']): Promise<string> {
    const selector = `[data-testid="job"][data-status="${status}"]`;
    // A video takes the reference service 6 s, plus polling, on a machine that may be busy.
    return this.textOf(selector, new RegExp(escapeRegExp(prompt)), 45_000);
  }
}

/** The history page: the results grid with its viewer, and every entry with its actions. */
export class HistoryPage extends ExtensionPage {
  static readonly cells = 'section[aria-labelledby="media-heading"] li';
  static readonly viewer = 'dialog[open]';

  static async open(firefox: FirefoxUnderTest): Promise<HistoryPage> {
    const history = new HistoryPage(await firefox.openPage('history'));
    await history.textOf('h1', 'History');
    return history;
  }

  /** Selector of the n-th grid cell (1-based), in the order the grid shows them. */
  static cell(n: number): string {
    return `${HistoryPage.cells}:nth-child(${n})`;
  }

  /** The n-th grid cell's text, once there are at least n cells. */
  async cellText(n: number): Promise<string> {
    return this.textOf(HistoryPage.cell(n), /\S/);
  }

  /** Opens the viewer at the n-th grid cell, as a click on it does. */
  async openCell(n: number): Promise<void> {
    await this.cellText(n);
    await this.page.locator(`${HistoryPage.cell(n)} button`).click();
    await this.page.waitForSelector(HistoryPage.viewer, WAIT);
  }

  /** Presses the button `name` of the entry whose text holds `prompt`. */
  pressOnEntry(prompt: string, name: string): Promise<void> {
    return this.press(name, { selector: '[data-testid="history-entry"]', text: prompt });
  }
}

/**
 * The add-on's own state, read from an extension page kept open for the purpose (the history page): its
 * storage, its permissions, the notifications its background creates, and the test-only context-menu path.
 */
/** Runs in an extension page: whether the add-on's context menu holds this entry. */
const menuHas = (id: string): Promise<boolean> =>
  browser.contextMenus.update(id, {}).then(
    () => true,
    () => false,
  );

export class LibraryPage extends ExtensionPage {
  static async open(firefox: FirefoxUnderTest): Promise<LibraryPage> {
    return new LibraryPage(await firefox.openPage('library'));
  }

  /** A saved prompt's id, once its row shows. */
  async promptId(name: string): Promise<string> {
    const id = await this.page.waitForFunction(
      (wanted) =>
        [...document.querySelectorAll('[data-testid="library-row"]')]
          .find((row) => row.querySelector('h2')?.textContent === wanted)
          ?.getAttribute('data-prompt-id'),
      WAIT,
      name,
    );
    return (await id.jsonValue()) as string;
  }

  /**
   * Whether the context menu holds this entry. Firefox lists no add-on's menu, but updating an entry that
   * is not there is refused, so an empty update asks the browser itself.
   */
  hasMenuEntry(menuItemId: string): Promise<boolean> {
    return this.page.evaluate(menuHas, menuItemId);
  }

  /** Until the background has (re)built its menu with this entry. */
  async waitForMenuEntry(menuItemId: string): Promise<void> {
    await this.page.waitForFunction(menuHas, WAIT, menuItemId);
  }
}

export class AddonState extends ExtensionPage {
  static async open(firefox: FirefoxUnderTest): Promise<AddonState> {
    return new AddonState(await firefox.openPage('history'));
  }

  /** Every history entry, newest first, as stored (IndexedDB, and a legacy array not migrated yet). */
  history(): Promise<HistoryEntry[]> {
    return this.page.evaluate(readAllHistory);
  }

  async waitForEntry(prompt: string, done: (entry: HistoryEntry) => boolean, timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const entry = (await this.history()).find((item) => item.prompt === prompt);
      if (entry && done(entry)) return entry;
      if (Date.now() > deadline)
        throw new Error(`"${prompt}" never got there; last: ${JSON.stringify(entry)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  storedValues(): Promise<Record<string, unknown>> {
    return this.page.evaluate(() => browser.storage.local.get(null));
  }

  /** Whether Firefox shows the add-on's sidebar in the current window. */
  sidebarOpen(): Promise<boolean> {
    return this.page.evaluate(() => browser.sidebarAction.isOpen({}));
  }

  /** What the prompt box of the page in the sidebar holds, once the sidebar shows one. */
  sidebarPrompt(): Promise<string | undefined> {
    return this.page.evaluate(() => {
      const [panel] = browser.extension.getViews({ type: 'sidebar' });
      return panel?.document.querySelector('textarea')?.value;
    });
  }

  grantedOrigins(): Promise<string[]> {
    return this.page.evaluate(async () => (await browser.permissions.getAll()).origins ?? []);
  }

  /**
   * Records every notification the background creates from now on (headless Firefox shows none, and
   * `notifications.getAll` stays empty). The recorder lives in this page: keep it open.
   */
  async recordNotifications(): Promise<void> {
    await this.page.evaluate(() => {
      const observer = window as ObserverWindow;
      if (observer.promptcastNotes) return;
      const notes: RecordedNotification[] = [];
      observer.promptcastNotes = notes;
      const api = (browser.extension.getBackgroundPage() as unknown as BackgroundWindow).browser
        .notifications;
      const create = api.create.bind(api);
      // The background always names its notifications (stable ids, so a group is never shown twice).
      api.create = ((id: string, options: Notifications.CreateNotificationOptions) => {
        notes.push({ id, title: options.title, message: options.message });
        return create(id, options);
      }) as typeof api.create;
    });
  }

  async notifications(minimum = 1): Promise<RecordedNotification[]> {
    await this.page.waitForFunction(
      (count) => ((window as ObserverWindow).promptcastNotes?.length ?? 0) >= count,
      WAIT,
      minimum,
    );
    return this.page.evaluate(() => [...((window as ObserverWindow).promptcastNotes ?? [])]);
  }

  /**
   * A person picking a context-menu entry on a text selection. Firefox offers tests no way to deliver that
   * click, so this calls the background's own `contextMenus.onClicked` listener through the hook that only
   * the e2e build carries (entrypoints/background.ts).
   */
  async clickContextMenu(menuItemId: string, selectionText: string): Promise<void> {
    await this.page.evaluate(
      (id, text) => {
        const hooks = (browser.extension.getBackgroundPage() as unknown as BackgroundWindow)
          .promptcastTestHooks;
        if (!hooks) throw new Error('this build has no test hooks; build it with --mode e2e');
        hooks.onMenuClicked({ menuItemId: id, selectionText: text });
      },
      menuItemId,
      selectionText,
    );
  }
}

/** Where a backup goes, as a person types it on the options page. */
export interface BackupPlace {
  url: string;
  username: string;
  password: string;
  passphrase: string;
}

/** The options page's backup section: the set-up form, the backup's state, and the restore form. */
export class BackupForms extends ExtensionPage {
  static readonly setUpForm = 'form[aria-label="Set up backup"]';
  static readonly restoreForm = 'form[aria-label="Restore from a backup"]';
  static readonly state = '[data-testid="backup-state"] p';

  static async open(firefox: FirefoxUnderTest): Promise<BackupForms> {
    return new BackupForms(await firefox.openPage('options'));
  }

  private async fillPlace(form: string, { url, username, password, passphrase }: BackupPlace): Promise<void> {
    await this.fill('Folder address', url, form);
    await this.fill('User name', username, form);
    await this.fill('Password or app password', password, form);
    await this.fill('Backup passphrase', passphrase, form);
  }

  async setUp(place: BackupPlace): Promise<void> {
    await this.fillPlace(BackupForms.setUpForm, place);
    await this.press('Set up backup', { selector: BackupForms.setUpForm, text: '' });
  }

  /** Opens *Restore from a backup*, fills it in and asks what the backup holds. */
  async preview(place: BackupPlace): Promise<void> {
    await this.page.waitForFunction(
      (form) => document.querySelector(form) !== null,
      WAIT,
      BackupForms.restoreForm,
    );
    await this.page.$eval(`details:has(${BackupForms.restoreForm})`, (details) => {
      (details as HTMLDetailsElement).open = true;
    });
    await this.fillPlace(BackupForms.restoreForm, place);
    await this.press('Show what it holds', { selector: BackupForms.restoreForm, text: '' });
  }
}
