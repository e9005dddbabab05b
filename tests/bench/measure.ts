/** Timing probes the scenarios share: first paint of a page, a ping round trip, worker state, overlap. */
import type { BrowserContext, CDPSession, Page } from '@playwright/test';

type PaintProbe = {
  __benchShell?: number;
  __benchFound?: number;
  __benchPainted?: number;
  __benchText?: string;
  __benchInteractive?: number;
  __benchHeldAt?: number;
  __benchHydrated?: number;
  __benchControls?: Record<string, number>;
};

/**
 * Injected before the page's own scripts: notes when the `count`-th element matching the selector first
 * has text matching the pattern (the 200th history row, or the one balance line), then the end of the
 * frame that shows it (rAF, then a task after the paint).
 * Times are performance.now(), i.e. milliseconds since the navigation started. Plain JavaScript in a
 * string: tsx would wrap a TypeScript function's inner functions in a helper the page does not have.
 */
function textProbe(selector: string, pattern: RegExp, count: number): string {
  return `(() => {
  const selector = ${JSON.stringify(selector)};
  const regex = new RegExp(${JSON.stringify(pattern.source)});
  const count = ${count};
  const observer = new MutationObserver(() => {
    if (window.__benchShell === undefined && document.body && document.body.innerText.trim() !== '')
      window.__benchShell = performance.now();
    if (window.__benchFound !== undefined) return;
    const element = document.querySelectorAll(selector)[count - 1];
    if (!element || !regex.test(element.textContent || '')) return;
    window.__benchFound = performance.now();
    window.__benchText = document.body.innerText;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => { window.__benchPainted = performance.now(); }, 0));
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
})();`;
}

/**
 * Every control the popup's and the side panel's first frame shows, by the name a person knows it by (the
 * side panel has no *Open side panel*). *Library* also stands for the `/` key, which the prompt box takes
 * from the frame on and React turns into the library (tests/e2e/first-frame.spec.ts).
 */
export const FRAME_CONTROLS: Readonly<Record<string, string>> = {
  'Prompt box': '#root textarea',
  'Generate image': '#root button[data-generate="image"]',
  'Generate video': '#root button[data-generate="video"]',
  Options: '#root header button:not([aria-label])',
  'Refresh balance': '#root button[aria-label="Refresh balance"]',
  'Library (and /)': '#root button[title^="Or press /"]',
  'One per line': '#root #prompt-batch',
  'Video options': '#root #video-duration',
  'See all history': '#root a[href="/history.html"]',
  'Open side panel': '#root button[data-opens-side-panel]',
  // Shown only by a page in use (several profiles, entries, a batch at work): see usedPageControls.
  'Profile switch': '#root header select',
  'Buttons on results': '#root [data-testid="history-entry"] button',
  'Buttons on jobs': '#root [data-testid="job"] button',
};

/** The controls of FRAME_CONTROLS that only a page in use shows. */
export const IN_USE_CONTROLS = ['Profile switch', 'Buttons on results', 'Buttons on jobs'] as const;

/**
 * Injected before the popup's or side panel's scripts: notes the first moment the page is interactive (the
 * prompt box takes typing and a Generate click is acted on), and separately when React has taken it over.
 *
 * Interactive comes first from the page's own first frame: the box is a plain textarea (what is typed there
 * is adopted by React when it hydrates), and a Generate click is held until React replays it: by the frame
 * itself, whose buttons each show a hidden popover the shell reads (utils/ui/frame-click-holds.ts), then by
 * the head script (`<html data-holds-clicks>`). tests/e2e/first-frame.spec.ts shows a click held either way
 * sends exactly one request.
 *
 * The frame's own hold is also noted the moment it starts (a mutation observer sees the attribute and the
 * parts), not only at the next animation frame: a click is dispatched when it comes, not with a frame, and
 * the shell, a module, usually starts between two frames. It counts from the frame that shows the form on.
 *
 * Each control of the first frame (FRAME_CONTROLS) is timed on its own too, from the first moment it can be
 * used: a link or a field at once (React adopts what was typed or chosen in a field: utils/ui/adopt-early-input.ts);
 * a button while the frame (its popover) or the shell holds its clicks for React to replay
 * (utils/ui/early-clicks.ts), or once React's own handler is on it. Never before the frame is painted. The
 * lists' painted copy holds its own clicks (utils/ui/lists-copy.ts; its slot says so as `<html>` does).
 *
 * Hydrated: React keeps a DOM node's current props under `__reactProps$…`; the box counts once its onChange
 * is attached and typing a character through it re-renders the box with that value (so React handled the
 * event, not just the DOM), and both buttons are wired (their own onClick, or a submit button's form
 * onSubmit); the character is then taken back out. Both are checked on every animation frame from the
 * start of the navigation.
 */
const interactiveProbe = `(() => {
  const props = (element) => {
    for (const key in element) if (key.startsWith('__reactProps$')) return element[key];
    return undefined;
  };
  const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value').set;
  const type = (box, value) => {
    setValue.call(box, value);
    box.dispatchEvent(new Event('input', { bubbles: true }));
  };
  const parts = () => {
    const box = document.querySelector('textarea');
    const buttons = [...document.querySelectorAll('button')].filter((b) => /^Generate (image|video)$/.test(b.textContent.trim()));
    return box && buttons.length === 2 ? { box, buttons } : undefined;
  };
  const hydrated = ({ box, buttons }) => {
    const wired = (button) =>
      typeof props(button)?.onClick === 'function' ||
      (button.type === 'submit' && button.form !== null && typeof props(button.form)?.onSubmit === 'function');
    if (!buttons.every(wired)) return false;
    if (typeof props(box)?.onChange !== 'function') return false;
    const before = box.value;
    type(box, before + 'x');
    const handled = box.value === before + 'x' && props(box)?.value === before + 'x';
    type(box, before);
    return handled;
  };
  const heldByPopover = (button) => {
    const hold = button.popoverTargetElement;
    return hold !== null && hold !== undefined && hold.hasAttribute('data-frame-hold') && !button.disabled;
  };
  const heldByTheFrame = ({ box, buttons }) => {
    const holding = document.documentElement.dataset.holdsClicks !== undefined;
    if (!holding && !buttons.every(heldByPopover)) return false;
    if (!buttons.every((button) => button.hasAttribute('data-generate') && !button.disabled)) return false;
    const before = box.value;
    setValue.call(box, before + 'x');
    const takes = box.value === before + 'x';
    setValue.call(box, before);
    return takes;
  };
  const controls = ${JSON.stringify(FRAME_CONTROLS)};
  window.__benchControls = {};
  const usable = (element) => {
    if (!element || element.disabled) return false;
    if (element.tagName === 'A') return element.hasAttribute('href');
    if (['TEXTAREA', 'INPUT', 'SELECT'].includes(element.tagName)) return true;
    const own = props(element);
    if (typeof own?.onClick === 'function' || typeof own?.onChange === 'function') return true;
    if (element.tagName === 'BUTTON' && element.type === 'submit' && typeof props(element.form)?.onSubmit === 'function') return true;
    if (element.tagName === 'BUTTON' && heldByPopover(element)) return true;
    return element.closest('[data-holds-clicks]') !== null;
  };
  const timeControls = () => {
    const now = performance.now();
    for (const [name, selector] of Object.entries(controls))
      if (window.__benchControls[name] === undefined && usable(document.querySelector(selector)))
        window.__benchControls[name] = now;
  };
  new MutationObserver(timeControls).observe(document, { childList: true, subtree: true, attributes: true });
  new MutationObserver((_, observer) => {
    const found = parts();
    if (!found || !heldByTheFrame(found)) return;
    window.__benchHeldAt = performance.now();
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true, attributes: true });
  const frame = () => {
    timeControls();
    const found = parts();
    if (found && window.__benchInteractive === undefined && (heldByTheFrame(found) || hydrated(found)))
      window.__benchInteractive = performance.now();
    if (found && window.__benchHydrated === undefined && hydrated(found)) window.__benchHydrated = performance.now();
    if (window.__benchHydrated === undefined) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();`;

export interface PaintTiming {
  /** The page first had any visible text (for the popup: its frame, before the cached state is read). */
  shell: number;
  /** The text was in the DOM. */
  found: number;
  /** The frame showing it was painted. */
  painted: number;
  /** The page's whole text when the awaited text was found. */
  text: string;
  /** Prompt box accepts typing and a Generate click is acted on, from the frame showing the awaited text on
   * (only when asked for). */
  interactive: number;
  /** React handles the box and the buttons itself (only when asked for). */
  hydrated: number;
  /** Each of FRAME_CONTROLS the page shows, by name: when it could first be used (only when asked for). */
  controls: Record<string, number>;
}

/**
 * Opens `url` in a fresh tab and returns when the text was first shown (in the `count`-th match of the
 * selector), relative to navigation start, and, with `interactive`, when the page's form was first usable
 * and when React took it over.
 */
export async function paintTime(
  context: BrowserContext,
  url: string,
  selector: string,
  pattern: RegExp,
  {
    interactive = false,
    count = 1,
    until = [],
  }: {
    interactive?: boolean;
    count?: number;
    /** Controls (of FRAME_CONTROLS) the page must have shown usable before it is closed. */
    until?: readonly string[];
  } = {},
): Promise<PaintTiming> {
  const page = await context.newPage();
  try {
    await page.addInitScript({ content: textProbe(selector, pattern, count) });
    if (interactive) await page.addInitScript({ content: interactiveProbe });
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(
      ({ wanted, controls }) => {
        const probe = window as unknown as PaintProbe;
        return (
          probe.__benchPainted !== undefined &&
          (!wanted || probe.__benchHydrated !== undefined) &&
          controls.every((name) => probe.__benchControls?.[name] !== undefined)
        );
      },
      { wanted: interactive, controls: until },
      { timeout: 15_000, polling: 50 },
    );
    return await page.evaluate(() => {
      const probe = window as unknown as PaintProbe;
      return {
        shell: probe.__benchShell ?? Number.NaN,
        found: probe.__benchFound ?? Number.NaN,
        painted: probe.__benchPainted ?? Number.NaN,
        text: probe.__benchText ?? '',
        // Checked from the animation frame that shows the form, which comes before that frame is painted: a
        // person can use the page only once it is painted, so never sooner than the awaited text.
        interactive: Math.max(
          probe.__benchPainted ?? Number.NaN,
          Math.min(probe.__benchInteractive ?? Number.NaN, probe.__benchHeldAt ?? Number.POSITIVE_INFINITY),
        ),
        hydrated: probe.__benchHydrated ?? Number.NaN,
        controls: Object.fromEntries(
          Object.entries(probe.__benchControls ?? {}).map(([name, at]) => [
            name,
            Math.max(at, probe.__benchPainted ?? Number.NaN),
          ]),
        ),
      };
    });
  } finally {
    await page.close();
  }
}

type LongTaskProbe = { __benchLongTasks?: Array<{ start: number; duration: number }> };

/**
 * Injected before the page's own scripts: every long task (over 50 ms, Chromium's definition) of the
 * page's main thread, from the start of the navigation on.
 */
const longTaskProbe = `(() => {
  window.__benchLongTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      window.__benchLongTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
})();`;

/** Opens `url` in a fresh tab that notes its long tasks; read them with `longTasks`. */
export async function openWatchingLongTasks(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  await page.addInitScript({ content: longTaskProbe });
  await page.goto(url);
  return page;
}

export async function longTasks(page: Page): Promise<Array<{ start: number; duration: number }>> {
  return page.evaluate(() => (window as unknown as LongTaskProbe).__benchLongTasks ?? []);
}

/**
 * A document of the extension's own origin that does nothing by itself (its manifest.json): it has the
 * extension APIs, so it can message the worker or read alarms without a page's own polling.
 */
export async function quietPage(context: BrowserContext, origin: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${origin}/manifest.json`);
  return page;
}

/** One `ping` from an open page to its extension's worker, timed inside the page. */
export async function pingTime(page: Page): Promise<number> {
  const { elapsed, ok } = await page.evaluate(async () => {
    const start = performance.now();
    const answer = (await chrome.runtime.sendMessage({ type: 'ping' })) as { ok?: boolean } | undefined;
    return { elapsed: performance.now() - start, ok: answer?.ok === true };
  });
  if (!ok) throw new Error(`ping from ${page.url()} was not answered`);
  return elapsed;
}

interface WorkerVersion {
  scriptURL: string;
  runningStatus: string;
}

/** Follows service workers' running state over CDP, to stop them all and know they are stopped. */
export class WorkerControl {
  private readonly status = new Map<string, string>();

  private constructor(private readonly cdp: CDPSession) {
    cdp.on('ServiceWorker.workerVersionUpdated', (event: { versions: WorkerVersion[] }) => {
      for (const version of event.versions) this.status.set(version.scriptURL, version.runningStatus);
    });
  }

  static async attach(page: Page): Promise<WorkerControl> {
    const cdp = await page.context().newCDPSession(page);
    const control = new WorkerControl(cdp);
    await cdp.send('ServiceWorker.enable');
    return control;
  }

  /** Stops every service worker, as Chrome does when they are idle, and waits until they are down. */
  async stopAll(scripts: string[]): Promise<void> {
    await this.cdp.send('ServiceWorker.stopAllWorkers');
    const deadline = Date.now() + 5_000;
    while (scripts.some((script) => this.status.get(script) !== 'stopped')) {
      if (Date.now() > deadline) {
        const states = scripts.map((script) => `${script}: ${this.status.get(script) ?? 'unknown'}`);
        throw new Error(`workers did not stop: ${states.join(', ')}`);
      }
      await sleep(20);
    }
  }

  async detach(): Promise<void> {
    await this.cdp.detach();
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The largest number of [start, end) intervals open at one instant. */
export function peakOverlap(intervals: Array<{ start: number; end: number }>): number {
  const events = intervals.flatMap(({ start, end }) => [
    { at: start, delta: 1 },
    { at: end, delta: -1 },
  ]);
  // At equal times an end comes before a start: back-to-back requests do not overlap.
  events.sort((a, b) => a.at - b.at || a.delta - b.delta);
  let open = 0;
  let peak = 0;
  for (const event of events) {
    open += event.delta;
    peak = Math.max(peak, open);
  }
  return peak;
}

/**
 * The scripts a page really loads when it opens and settles, as paths in the extension: the check that the
 * bundle's "at open" set leaves nothing out. Until session 48 this check kept nothing and could not fail:
 * Node's URL gives a chrome-extension:// address the origin "null", so no file matched it. Stylesheets need
 * no check: the build makes one per page group (`cssCodeSplit: false`), which the bundle counts from the HTML.
 */
export async function filesLoadedAtOpen(context: BrowserContext, url: string, settleMs = 2_000) {
  const page = await context.newPage();
  await page.goto(url);
  await sleep(settleMs);
  // Enabled once the page has settled, the debugger reports every script the page's V8 holds, whichever
  // process the navigation ended in.
  const cdp = await context.newCDPSession(page);
  const loaded: string[] = [];
  cdp.on('Debugger.scriptParsed', (event) => loaded.push(event.url));
  await cdp.send('Debugger.enable');
  // The scripts are reported after enable's answer; a later command's answer comes after them.
  await cdp.send('Runtime.evaluate', { expression: '0' });
  await page.close();
  const root = `${url.slice(0, url.indexOf('/', url.indexOf('//') + 2))}/`;
  const files = loaded
    .filter((item) => item.startsWith(root) && item.endsWith('.js'))
    .map((item) => item.slice(root.length));
  // The page's own first scripts are always parsed: none of them is a sign the log missed everything.
  if (files.length === 0) throw new Error(`no script of ${url} was seen loading`);
  return [...new Set(files)];
}
