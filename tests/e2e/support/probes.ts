/**
 * Everything a test reads about the extension's state, in one place: storage, notifications, alarms,
 * the badge, what the service saw, and whether the worker is running. Probes that go through the worker
 * (`historyOf`, `notificationsOf`, …) start a stopped worker; the `quiet…` ones and the service-side ones
 * never do, so tests about waking use only those.
 */
import { type CDPSession, expect, type Page } from '@playwright/test';
import type { BackupStatus } from '../../../utils/backup/backup-schema';
import type { Copies } from '../../../utils/copies/copies-schema';
import type { HistoryEntry } from '../../../utils/history/schema';
import type { RequestLogEntry } from '../../reference-service/server';
import { readAllHistory } from '../../support/history-probe';
import type { ExtensionUnderTest } from './extension';

/** How long a probe waits for state to arrive by default (Playwright's own default is 10 s). */
export const EVENTUALLY = { timeout: 20_000 } as const;

// ----- Storage, read through the worker -----

/** Every history entry, newest first, from the worker's IndexedDB (and a legacy array not migrated yet). */
export async function historyOf(extension: ExtensionUnderTest): Promise<HistoryEntry[]> {
  return (await extension.worker()).evaluate(readAllHistory);
}

/**
 * The history once every finished entry's balance reading after it has landed (its cost, or nothing): that
 * write follows a generation's answer, so a test comparing the history later waits for it first.
 */
export async function settledHistoryOf(extension: ExtensionUnderTest): Promise<HistoryEntry[]> {
  await expect
    .poll(async () => (await historyOf(extension)).some((entry) => entry.balanceBefore), EVENTUALLY)
    .toBe(false);
  return historyOf(extension);
}

/** Every item in storage.local and storage.session, the key item included. */
export async function storageOf(
  extension: ExtensionUnderTest,
): Promise<{ local: Record<string, unknown>; session: Record<string, unknown> }> {
  const worker = await extension.worker();
  return worker.evaluate(async () => ({
    local: await chrome.storage.local.get(null),
    session: await chrome.storage.session.get(null),
  }));
}

/**
 * A storage.local item, read from an extension document that sends no message (its manifest), so unlike
 * `historyOf` it never starts a stopped worker: use it to prove that only an alarm woke the worker.
 */
export async function quietStored(extension: ExtensionUnderTest, key: string): Promise<unknown> {
  return quietly(
    extension,
    async (page) => (await page.evaluate((name) => chrome.storage.local.get(name), key))[key],
  );
}

/** The backup's status as the worker wrote it, read without waking the worker. */
export async function backupStatusOf(extension: ExtensionUnderTest): Promise<BackupStatus | undefined> {
  return (await quietStored(extension, 'backupStatus')) as BackupStatus | undefined;
}

/** Runs `probe` on an extension document that sends no message, so no stopped worker is started. */
async function quietly<T>(extension: ExtensionUnderTest, probe: (page: Page) => Promise<T>): Promise<T> {
  const page = await extension.context.newPage();
  try {
    await page.goto(`${extension.origin}/manifest.json`);
    return await probe(page);
  } finally {
    await page.close();
  }
}

/** The stored history, newest first, read quietly (see `quietStored`). */
export function quietHistoryOf(extension: ExtensionUnderTest): Promise<HistoryEntry[]> {
  return quietly(extension, (page) => page.evaluate(readAllHistory));
}

/** Each entry's copy record, read quietly (see `quietStored`). */
export async function quietCopiesOf(extension: ExtensionUnderTest): Promise<Copies['entries']> {
  return ((await quietStored(extension, 'copies')) as Copies | undefined)?.entries ?? {};
}

/** The listed entries that are missing or still running. */
function unsettled(history: readonly HistoryEntry[], ids: readonly string[]): string[] {
  return ids.filter((id) => !history.some((entry) => entry.id === id && entry.status !== 'running'));
}

/** Waits until every listed entry has left `running` and returns the whole history then. */
export async function settled(
  extension: ExtensionUnderTest,
  ids: readonly string[],
  timeout = 30_000,
): Promise<HistoryEntry[]> {
  await expect
    .poll(async () => unsettled(await historyOf(extension), ids), {
      timeout,
      intervals: [250],
      message: 'entries still running or missing',
    })
    .toEqual([]);
  return historyOf(extension);
}

/** Waits until the history holds `count` entries, none of them running, and returns it. */
export async function settledHistory(
  extension: ExtensionUnderTest,
  count: number,
  timeout: number = EVENTUALLY.timeout,
): Promise<HistoryEntry[]> {
  await expect
    .poll(
      async () => {
        const history = await historyOf(extension);
        return { entries: history.length, running: history.filter((e) => e.status === 'running').length };
      },
      { timeout, intervals: [250] },
    )
    .toEqual({ entries: count, running: 0 });
  return historyOf(extension);
}

export function entryOf(history: readonly HistoryEntry[], id: string): HistoryEntry {
  const entry = history.find((item) => item.id === id);
  if (!entry) throw new Error(`no history entry ${id}; have ${history.map((item) => item.id).join(', ')}`);
  return entry;
}

// ----- Browser surfaces: notifications, alarms, badge -----

export async function notificationsOf(extension: ExtensionUnderTest): Promise<string[]> {
  const worker = await extension.worker();
  return Object.keys(await worker.evaluate(() => chrome.notifications.getAll()));
}

/** Waits until at least one notification is shown and returns their ids. */
export async function someNotifications(extension: ExtensionUnderTest): Promise<string[]> {
  await expect.poll(() => notificationsOf(extension), EVENTUALLY).not.toEqual([]);
  return notificationsOf(extension);
}

export async function alarmsOf(extension: ExtensionUnderTest): Promise<string[]> {
  const worker = await extension.worker();
  return (await worker.evaluate(() => chrome.alarms.getAll())).map((alarm) => alarm.name);
}

export async function badgeOf(extension: ExtensionUnderTest): Promise<string> {
  const worker = await extension.worker();
  return worker.evaluate(() => chrome.action.getBadgeText({}));
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

// ----- What the service saw (read on the service side: wakes nothing) -----

type RequestLog = { requests(): RequestLogEntry[] };

/** Polls of one job as the service saw them. */
export function pollsOf(service: RequestLog, jobId: string): RequestLogEntry[] {
  return service.requests().filter((entry) => entry.method === 'GET' && entry.path === `/v1/videos/${jobId}`);
}

export function submissionsOf(service: RequestLog): RequestLogEntry[] {
  return service
    .requests()
    .filter((entry) => entry.method === 'POST' && entry.path === '/v1/videos/generate');
}

/** Requests the service received for one path (prefix), optionally for one method. */
export function requestsTo(log: readonly RequestLogEntry[], pathPrefix: string, method?: string) {
  return log.filter((entry) => entry.path.startsWith(pathPrefix) && (!method || entry.method === method));
}

/** The model each image request asked for, in the order the service received them. */
export const imageModelsSent = (log: readonly RequestLogEntry[]) =>
  requestsTo(log, '/v1/images/generate', 'POST').map(
    (request) => (JSON.parse(request.body) as { model?: string }).model,
  );

/** Waits until the service has answered everything and heard nothing new for `quietMs` (trailing refreshes). */
export async function quiet(service: RequestLog, quietMs = 400): Promise<void> {
  let seen = -1;
  let stableSince = Date.now();
  await expect
    .poll(
      () => {
        const log = service.requests();
        if (log.length !== seen || log.some((entry) => entry.status === 0)) {
          seen = log.length;
          stableSince = Date.now();
        }
        return Date.now() - stableSince >= quietMs;
      },
      { timeout: 15_000, intervals: [50], message: 'the service never went quiet' },
    )
    .toBe(true);
}

// ----- Is the worker running? (CDP; wakes nothing) -----

interface WorkerVersion {
  scriptURL: string;
  runningStatus: string;
}

/**
 * Follows the extension worker's running status over CDP (`ServiceWorker.workerVersionUpdated`), from
 * the moment it is attached: every change is kept with its time, so a test can ask whether anything
 * started the worker after a given moment.
 */
export class WorkerStatus {
  readonly changes: Array<{ at: number; status: string }> = [];

  private constructor(
    private readonly cdp: CDPSession,
    private readonly script: string,
  ) {
    cdp.on('ServiceWorker.workerVersionUpdated', (event: { versions: WorkerVersion[] }) => {
      for (const version of event.versions) {
        if (version.scriptURL !== this.script) continue;
        if (this.changes.at(-1)?.status === version.runningStatus) continue;
        this.changes.push({ at: Date.now(), status: version.runningStatus });
      }
    });
  }

  /** Watches from `page`'s CDP session; the page should be one that sends nothing (e.g. about:blank). */
  static async watch(extension: ExtensionUnderTest, page: Page): Promise<WorkerStatus> {
    const cdp = await extension.context.newCDPSession(page);
    const status = new WorkerStatus(cdp, `${extension.origin}/background.js`);
    await cdp.send('ServiceWorker.enable');
    return status;
  }

  get current(): string {
    return this.changes.at(-1)?.status ?? 'unknown';
  }

  /** Stops the worker, as Chrome does when it is idle, and waits until it is down. */
  async stop(): Promise<number> {
    await this.cdp.send('ServiceWorker.stopAllWorkers');
    await expect.poll(() => this.current, { timeout: 5_000, intervals: [20] }).toBe('stopped');
    return Date.now();
  }

  /** The moments the worker was started after `since` (each one means something woke it). */
  startsSince(since: number): number[] {
    return this.changes
      .filter((change) => change.at > since && change.status === 'starting')
      .map((change) => change.at);
  }

  async detach(): Promise<void> {
    await this.cdp.detach();
  }
}
