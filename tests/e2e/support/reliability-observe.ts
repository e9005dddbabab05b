import type { BrowserContext, Page, Worker } from '@playwright/test';
import type { HistoryEntry } from '../../../utils/history/schema';
import type { RequestOf, RequestType, Response } from '../../../utils/messaging/protocol';
import { DEFAULT_SETTINGS } from '../../../utils/settings/defaults';
import { DEMO_API_KEY, type RequestLogEntry } from '../../reference-service/server';
import type { ExtensionUnderTest } from './extension';
import { historyOf } from './probes';
import { type Figures, record, tally } from './reliability-report';
import { sendFrom } from './setup';

export const VIDEO_OPTIONS = DEFAULT_SETTINGS.videoDefaults;

/** Submits a video from an extension page and returns its history entry; throws with the reason if refused. */
export async function submitVideo(page: Page, prompt: string): Promise<HistoryEntry> {
  const response = await sendFrom(page, { type: 'submitVideo', prompt, options: VIDEO_OPTIONS });
  if (!response.ok) throw new Error(`submitVideo refused: ${response.error.message}`);
  return response.data;
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

/**
 * `restartBrowser`, tolerant of a slow machine: Chromium may take longer than the harness's 15 s to
 * start the extension's worker when other browsers load the CPU. The extra wait only listens for the
 * worker; it never wakes it, so a worker that does not come back by itself still fails the test. Returns
 * when the old browser had closed: what the service received after that, the restarted browser sent.
 */
export async function relaunch(extension: ExtensionUnderTest): Promise<number> {
  try {
    await extension.restartBrowser();
  } catch (error) {
    if (!(error instanceof Error) || !/serviceworker/.test(error.message)) throw error;
    if (extension.context.serviceWorkers().length === 0)
      await extension.context.waitForEvent('serviceworker', { timeout: 30_000 });
  }
  return extension.closedAt;
}
