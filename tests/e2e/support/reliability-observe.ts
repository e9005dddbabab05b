import type { BrowserContext, Page, Worker } from '@playwright/test';
import type { HistoryEntry } from '../../../utils/history/schema';
import type { RequestOf, RequestType, Response } from '../../../utils/messaging/protocol';
import { DEFAULT_SETTINGS } from '../../../utils/settings/defaults';
import { DEMO_API_KEY, type RequestLogEntry } from '../../reference-service/server';
import type { ExtensionUnderTest } from './extension';
import { historyOf } from './observe';
import { type Figures, record, tally } from './reliability-report';
import { sendFrom, waitFor } from './setup';

export const VIDEO_OPTIONS = DEFAULT_SETTINGS.videoDefaults;

/** Submits a video from an extension page and returns its history entry; throws with the reason if refused. */
export async function submitVideo(page: Page, prompt: string): Promise<HistoryEntry> {
  const response = await sendFrom(page, { type: 'submitVideo', prompt, options: VIDEO_OPTIONS });
  if (!response.ok) throw new Error(`submitVideo refused: ${response.error.message}`);
  return response.data;
}

/**
 * Reads the stored history from an extension page that sends no message (the manifest), so unlike
 * `historyOf` it never starts a stopped worker: use it to prove that only an alarm woke the worker.
 */
export async function quietHistoryOf(extension: ExtensionUnderTest): Promise<HistoryEntry[]> {
  const page = await extension.context.newPage();
  try {
    await page.goto(`${extension.origin}/manifest.json`);
    const stored = await page.evaluate(() => chrome.storage.local.get('history'));
    return (stored.history ?? []) as HistoryEntry[];
  } finally {
    await page.close();
  }
}

/** Waits until every listed entry has left `running` and returns the whole history then. */
export async function settled(
  extension: ExtensionUnderTest,
  ids: readonly string[],
  timeoutMs = 30_000,
): Promise<HistoryEntry[]> {
  return waitFor(
    () => historyOf(extension),
    (entries) => ids.every((id) => entries.some((entry) => entry.id === id && entry.status !== 'running')),
    { timeoutMs, intervalMs: 250 },
  );
}

export function entryOf(history: readonly HistoryEntry[], id: string): HistoryEntry {
  const entry = history.find((item) => item.id === id);
  if (!entry) throw new Error(`no history entry ${id}; have ${history.map((item) => item.id).join(', ')}`);
  return entry;
}

/** Requests the service received for one path (prefix), optionally for one method. */
export function requestsTo(log: readonly RequestLogEntry[], pathPrefix: string, method?: string) {
  return log.filter((entry) => entry.path.startsWith(pathPrefix) && (!method || entry.method === method));
}

/**
 * Everything the extension printed: page consoles and page errors, and every service worker's console,
 * including workers started after a stop and contexts opened by a browser restart (call `attach` again).
 */
export class ConsoleWatch {
  readonly lines: string[] = [];
  private readonly workers = new WeakSet<Worker>();

  attach(context: BrowserContext): void {
    context.on('console', (message) => this.lines.push(`[page ${message.type()}] ${message.text()}`));
    context.on('weberror', (error) => this.lines.push(`[page error] ${String(error.error())}`));
    const watchWorker = (worker: Worker) => {
      if (this.workers.has(worker)) return;
      this.workers.add(worker);
      worker.on('console', (message) => this.lines.push(`[worker ${message.type()}] ${message.text()}`));
    };
    for (const worker of context.serviceWorkers()) watchWorker(worker);
    context.on('serviceworker', watchWorker);
  }
}

/**
 * Records every notification the worker creates, title and message included (chrome.notifications
 * cannot read them back). Lives in the current worker only: call again after a worker stop.
 */
export async function recordNotifications(extension: ExtensionUnderTest): Promise<void> {
  const worker = await extension.worker();
  await worker.evaluate(() => {
    const scope = globalThis as unknown as { __notes?: unknown[] };
    if (scope.__notes) return;
    const notes: unknown[] = [];
    scope.__notes = notes;
    const api = chrome.notifications as unknown as { create: (...args: unknown[]) => unknown };
    const original = api.create.bind(chrome.notifications);
    api.create = (...args: unknown[]) => {
      notes.push(typeof args[0] === 'string' ? { id: args[0], ...(args[1] as object) } : args[0]);
      return original(...args);
    };
  });
}

export interface RecordedNotification {
  id: string;
  title: string;
  message: string;
}

export async function recordedNotifications(extension: ExtensionUnderTest): Promise<RecordedNotification[]> {
  const worker = await extension.worker();
  const notes = await worker.evaluate(() => (globalThis as unknown as { __notes?: unknown[] }).__notes ?? []);
  return notes as RecordedNotification[];
}

/** Sends a request and keeps its raw response, for checks on everything the background ever answered. */
export function messenger(page: () => Page, responses: unknown[]) {
  return async <T extends RequestType>(request: RequestOf<T>): Promise<Response<T>> => {
    const response = await sendFrom(page(), request);
    responses.push(response);
    return response;
  };
}

/**
 * Places the key must never be: anywhere in a request but its X-API-Key header (path, body, any other
 * header). Returns one line per leak.
 */
export function keyLeaksInRequests(log: readonly RequestLogEntry[], key: string): string[] {
  const leaks: string[] = [];
  for (const entry of log) {
    if (entry.path.includes(key)) leaks.push(`${entry.method} ${entry.path}: in the path`);
    if (entry.body.includes(key)) leaks.push(`${entry.method} ${entry.path}: in the body`);
    for (const [name, value] of Object.entries(entry.headers)) {
      if (name !== 'x-api-key' && value.includes(key))
        leaks.push(`${entry.method} ${entry.path}: header ${name}`);
    }
  }
  return leaks;
}

/** Names of the texts (label -> text) that contain the key. */
export function keyLeaksInTexts(texts: Record<string, string>, key: string): string[] {
  return Object.entries(texts)
    .filter(([, text]) => text.includes(key))
    .map(([label]) => label);
}

export interface Conclusion extends Figures {
  history: HistoryEntry[];
  leaks: string[];
}

/**
 * Ends a scenario: counts what became of the submitted entries in the stored history, looks for the key
 * in the service's request log and in the history itself, and records the figures for the summary.
 */
export async function conclude(
  scenario: string,
  options: {
    extension: ExtensionUnderTest;
    service: { requests(): RequestLogEntry[] };
    ids: readonly string[];
    /** The key(s) that must not leak; the demo key by default. */
    key?: string | readonly string[];
    history?: HistoryEntry[];
    texts?: Record<string, string>;
    note?: string;
  },
): Promise<Conclusion> {
  const history = options.history ?? (await historyOf(options.extension));
  const keys = typeof options.key === 'string' ? [options.key] : (options.key ?? [DEMO_API_KEY]);
  const leaks = keys.flatMap((key) => [
    ...keyLeaksInRequests(options.service.requests(), key),
    ...keyLeaksInTexts({ history: JSON.stringify(history), ...options.texts }, key),
  ]);
  const figures: Figures = { ...tally(history, options.ids), keyLeaks: leaks.length };
  record({ scenario, ...figures, ...(options.note ? { note: options.note } : {}) });
  return { ...figures, history, leaks };
}

/** Waits until the service has answered everything and heard nothing new for `quietMs` (trailing refreshes). */
export async function quiet(service: { requests(): RequestLogEntry[] }, quietMs = 400): Promise<void> {
  let count = -1;
  let stableSince = Date.now();
  const deadline = Date.now() + 15_000;
  for (;;) {
    const log = service.requests();
    if (log.length !== count || log.some((entry) => entry.status === 0)) {
      count = log.length;
      stableSince = Date.now();
    } else if (Date.now() - stableSince >= quietMs) {
      return;
    }
    if (Date.now() > deadline) throw new Error('the service never went quiet');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * `restartBrowser`, tolerant of a slow machine: Chromium may take longer than the harness's 15 s to
 * start the extension's worker when other browsers load the CPU. The extra wait only listens for the
 * worker; it never wakes it, so a worker that does not come back by itself still fails the test.
 */
export async function relaunch(extension: ExtensionUnderTest): Promise<void> {
  try {
    await extension.restartBrowser();
  } catch (error) {
    if (!(error instanceof Error) || !/serviceworker/.test(error.message)) throw error;
    if (extension.context.serviceWorkers().length > 0) return;
    await extension.context.waitForEvent('serviceworker', { timeout: 30_000 });
  }
}
