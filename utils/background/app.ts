import type { PathForm } from '../api/client';
import { AppError, appError, type ErrorInfo, isQuotaError, toErrorInfo } from '../errors';
import type { HistoryEntry } from '../history/schema';
import { createHistoryStore, type HistoryBackend } from '../history/store';
import { MAX_BACKOFF_MS, type PollPolicy } from '../jobs/schedule';
import { createJobTracker, type Timers } from '../jobs/tracker';
import type { Balance, KeyStatus, State } from '../messaging/protocol';
import type { Handlers } from '../messaging/router';
import { baseUrlSchema, type Settings, type VideoOptions } from '../settings/schema';
import type { BalanceAccount, StoredBalance } from '../storage/items';
import { cleanPrompt, describeProblem, type Problem, promptProblem } from '../validation';
import { type AnnouncerDeps, clickTarget, createAnnouncer } from './announcer';
import { createSerial } from './serial';
import { createServiceAccess } from './service-access';
import { keyBelongsTo, keyHint, NO_KEY, originOf, type StoredKey } from './stored-key';

export interface Item<T> {
  getValue(): Promise<T>;
  setValue(value: T): Promise<void>;
}

/** Everything the background needs from the browser, injected so the whole flow runs in unit tests. */
export interface Platform extends Pick<AnnouncerDeps, 'notify' | 't' | 'describeError'> {
  now: () => number;
  newId: () => string;
  settings: Item<Settings>;
  apiKey: Item<StoredKey>;
  balance: Item<StoredBalance>;
  pathForms: Item<Record<string, PathForm>>;
  history: HistoryBackend;
  canReach: (origin: string) => Promise<boolean>;
  /** Gives back access to granted service origins other than `keep` (never the manifest's loopback ones). */
  releaseOrigins: (keep: readonly string[]) => Promise<void>;
  scheduleAlarm: (when: number | undefined) => Promise<void>;
  setBadge: (runningCount: number) => void;
  openTab: (url: string) => Promise<void>;
  openOptions: () => Promise<void>;
  /** Whether a popup is open to show a result itself, so a notification would be noise. */
  isPopupOpen: () => Promise<boolean>;
  /** The localized wording of an input problem, for notifications. */
  describeProblem: (problem: Problem) => string;
  historyPageUrl: string;
  timers: Timers;
  fetch?: typeof fetch;
  pollConcurrency?: number;
}

type Source = HistoryEntry['source'];

export const MENU_VIDEO = 'promptcast-video-from-selection';
export const MENU_IMAGE = 'promptcast-image-from-selection';

/** `set` only when the stored key belongs to the configured service; `origin` says where it does belong. */
export function keyStatus(stored: StoredKey, settings: Settings): KeyStatus {
  if (!stored.key) return { set: false };
  const last4 = keyHint(stored.key);
  return {
    set: keyBelongsTo(stored, originOf(settings.baseUrl)),
    origin: stored.origin,
    ...(last4 ? { last4 } : {}),
  };
}

function sameAccount(a: BalanceAccount | undefined, b: BalanceAccount): boolean {
  return a !== undefined && a.origin === b.origin && a.keyId === b.keyId;
}

function pollPolicy(settings: Settings): PollPolicy {
  return {
    intervalMs: settings.pollIntervalSec * 1000,
    maxBackoffMs: MAX_BACKOFF_MS,
    jobTimeoutMs: settings.jobTimeoutMin * 60_000,
    requestTimeoutMs: settings.requestTimeoutSec * 1000,
  };
}

function invalidInput(problem: Problem): AppError {
  return appError('invalid_input', describeProblem(problem));
}

/** The background's behaviour, wired to browser events by entrypoints/background.ts. */
export function createBackgroundApp(platform: Platform) {
  const history = createHistoryStore(platform.history);
  const announcer = createAnnouncer(platform);
  const inFlight = new Set<string>();
  const serially = createSerial();
  const connect = createServiceAccess({
    settings: () => platform.settings.getValue(),
    apiKey: () => platform.apiKey.getValue(),
    pathForms: () => platform.pathForms.getValue(),
    savePathForm: (baseUrl, form) =>
      serially(async () => {
        const forms = await platform.pathForms.getValue();
        await platform.pathForms.setValue({ ...forms, [baseUrl]: form });
      }),
    canReach: platform.canReach,
    ...(platform.fetch ? { fetch: platform.fetch } : {}),
  });

  const tracker = createJobTracker({
    history,
    now: platform.now,
    policy: async () => pollPolicy(await platform.settings.getValue()),
    keyOrigin: async () => {
      const stored = await platform.apiKey.getValue();
      return stored.key ? stored.origin : '';
    },
    poll: async (entry) => {
      const client = await connect({ baseUrl: entry.poll?.baseUrl });
      return client.getVideoJob(entry.poll?.jobId ?? '');
    },
    scheduleAlarm: platform.scheduleAlarm,
    onFinished: async (entries) => {
      await announcer.announce(entries);
      // Images and refused submissions refresh the balance where they settle; only a polled job ends here.
      if (entries.some((entry) => entry.poll?.jobId !== undefined)) void refreshBalanceQuietly();
      void releaseUnusedOrigins();
    },
    onStorageFull: (error) => announcer.storageFull(error),
    onRunningCount: platform.setBadge,
    timers: platform.timers,
    concurrency: platform.pollConcurrency ?? 4,
    inFlight: (id) => inFlight.has(id),
  });

  /** The configured service and key, as balances are tagged with them. */
  async function currentAccount(): Promise<BalanceAccount> {
    const [settings, stored] = await Promise.all([platform.settings.getValue(), platform.apiKey.getValue()]);
    return { origin: originOf(settings.baseUrl), keyId: stored.id };
  }

  /**
   * Stores a balance outcome only if the service and key are still those it was fetched for: a refresh
   * that started before the person switched must not show the old account's figure as the new one's.
   */
  function storeBalance(
    account: BalanceAccount,
    outcome: (cached: StoredBalance) => Omit<StoredBalance, 'account'>,
  ): Promise<boolean> {
    return serially(async () => {
      if (!sameAccount(await currentAccount(), account)) return false;
      const cached = await platform.balance.getValue();
      const previous = sameAccount(cached.account, account) ? cached : { balance: null };
      await platform.balance.setValue({ ...outcome(previous), account });
      return true;
    });
  }

  async function refreshBalance(): Promise<Balance> {
    const account = await currentAccount();
    let fresh: Balance;
    try {
      const { balance } = await (await connect()).getBalance();
      fresh = { value: balance, fetchedAt: platform.now() };
    } catch (error) {
      const info = toErrorInfo(error);
      await storeBalance(account, (cached) => ({ balance: cached.balance, error: info }));
      throw new AppError(info);
    }
    if (!(await storeBalance(account, () => ({ balance: fresh })))) {
      throw appError('aborted', 'The service or key changed while the balance was being fetched.');
    }
    return fresh;
  }

  /** Access to a service origin is kept while it is the configured one or a job still waits on it. */
  async function releaseUnusedOrigins(): Promise<void> {
    const [settings, entries] = await Promise.all([platform.settings.getValue(), history.read()]);
    const keep = new Set([originOf(settings.baseUrl)]);
    for (const entry of entries) {
      if (entry.status === 'running' && entry.poll) keep.add(originOf(entry.poll.baseUrl));
    }
    keep.delete('');
    try {
      await platform.releaseOrigins([...keep]);
    } catch (error) {
      // Holding access a little longer is harmless; the next switch or finished job tries again.
      console.warn('Access to an unused service origin was not given back:', error);
    }
  }

  async function refreshBalanceQuietly(): Promise<void> {
    try {
      await refreshBalance();
    } catch {
      // The failure is stored with the cached balance, where the popup shows it.
    }
  }

  /** "Not enough credits" is more useful with the balance the person actually has. */
  async function explain(error: unknown): Promise<ErrorInfo> {
    const info = toErrorInfo(error);
    if (info.kind !== 'insufficient_credits') return info;
    try {
      return { ...info, balance: (await refreshBalance()).value };
    } catch {
      return info;
    }
  }

  function checkedPrompt(text: string): string {
    const problem = promptProblem(text);
    if (problem) throw invalidInput(problem);
    return text.trim();
  }

  function runningEntry(kind: HistoryEntry['kind'], prompt: string, settings: Settings, source: Source) {
    return {
      id: platform.newId(),
      kind,
      prompt,
      model: settings.modelId,
      source,
      status: 'running',
      urls: [],
      createdAt: platform.now(),
    } satisfies HistoryEntry;
  }

  async function start(entry: HistoryEntry): Promise<HistoryEntry> {
    inFlight.add(entry.id);
    try {
      await history.add(entry);
    } catch (error) {
      inFlight.delete(entry.id);
      throw error;
    } finally {
      // Updates the badge, and sets the alarm that settles this entry should the worker be stopped meanwhile.
      await tracker.reschedule();
    }
    return entry;
  }

  /**
   * Whether an outcome must be told by notification: always for the context menu, and for the popup
   * once it is closed. Decided before the outcome is stored, so it is stored as owed in that same write.
   */
  async function owesNotice(source: Source): Promise<{ notifyPending?: true }> {
    return source === 'context-menu' || !(await platform.isPopupOpen()) ? { notifyPending: true } : {};
  }

  async function fail(
    id: string,
    error: unknown,
    source: Source,
  ): Promise<{ entry?: HistoryEntry; info: ErrorInfo }> {
    const info = await explain(error);
    const owed = await owesNotice(source);
    const entry = await history.patch(id, (item) => ({
      ...item,
      status: 'failed',
      finishedAt: platform.now(),
      error: info,
      ...owed,
    }));
    return { ...(entry ? { entry } : {}), info };
  }

  /** Tells the person about an outcome stored as owed; a worker stopped first leaves it to the next. */
  async function announceOwed(entry: HistoryEntry | undefined): Promise<void> {
    if (entry?.notifyPending) await tracker.announce([entry]);
  }

  /**
   * Everything a request needs before its entry exists. From the context menu nobody watches, so a
   * failure here (no access to the service, say) becomes a failed entry owed a notification.
   */
  async function prepare(kind: HistoryEntry['kind'], prompt: string, source: Source) {
    try {
      const text = checkedPrompt(prompt);
      return { text, client: await connect(), settings: await platform.settings.getValue() };
    } catch (error) {
      if (source === 'context-menu') {
        const entry: HistoryEntry = {
          ...runningEntry(kind, prompt, await platform.settings.getValue(), source),
          status: 'failed',
          finishedAt: platform.now(),
          error: toErrorInfo(error),
          notifyPending: true,
        };
        await history.add(entry);
        await announceOwed(entry);
      }
      throw error;
    }
  }

  async function generateImage(prompt: string, source: Source): Promise<HistoryEntry> {
    const { text, client, settings } = await prepare('image', prompt, source);
    const { id } = await start(runningEntry('image', text, settings, source));
    let entry: HistoryEntry | undefined;
    let failure: ErrorInfo | undefined;
    try {
      try {
        const { url } = await client.generateImage(text);
        const owed = await owesNotice(source);
        entry = await history.patch(id, (item) => ({
          ...item,
          status: 'completed',
          urls: [url],
          finishedAt: platform.now(),
          ...owed,
        }));
      } catch (error) {
        ({ entry, info: failure } = await fail(id, error, source));
      }
    } finally {
      inFlight.delete(id);
      await tracker.reschedule();
    }
    void refreshBalanceQuietly();
    await announceOwed(entry);
    if (failure) throw new AppError(failure);
    if (!entry) throw appError('unexpected', 'The image finished but its history entry was removed.');
    return entry;
  }

  async function submitVideo(prompt: string, options: VideoOptions, source: Source): Promise<HistoryEntry> {
    const { text, client, settings } = await prepare('video', prompt, source);
    const fresh = runningEntry('video', text, settings, source);
    const { id } = await start({
      ...fresh,
      options,
      poll: {
        baseUrl: settings.baseUrl,
        attempts: 0,
        failures: 0,
        nextPollAt: fresh.createdAt + settings.pollIntervalSec * 1000,
      },
    });
    try {
      const submission = await client.submitVideo({ prompt: text, ...options });
      const entry = await history.patch(id, (item) => ({
        ...item,
        rawStatus: submission.rawStatus,
        ...(submission.status === 'failed'
          ? {
              status: 'failed' as const,
              finishedAt: platform.now(),
              error: {
                kind: 'job_failed' as const,
                message: 'The service refused the video job right away.',
              },
            }
          : {}),
        // A job reported finished at once still needs one poll for its URLs.
        poll: item.poll && {
          ...item.poll,
          jobId: submission.id,
          ...(submission.status === 'completed' ? { nextPollAt: platform.now() } : {}),
        },
      }));
      if (!entry) throw appError('unexpected', 'The video was submitted but its history entry was removed.');
      return entry;
    } catch (error) {
      const { entry, info } = await fail(id, error, source);
      await announceOwed(entry);
      throw new AppError(info);
    } finally {
      inFlight.delete(id);
      await tracker.reschedule();
      void refreshBalanceQuietly();
    }
  }

  async function state(historyLimit = 20): Promise<State> {
    const [settings, key, stored, entries] = await Promise.all([
      platform.settings.getValue(),
      platform.apiKey.getValue(),
      platform.balance.getValue(),
      history.read(),
    ]);
    const balance = sameAccount(stored.account, { origin: originOf(settings.baseUrl), keyId: key.id })
      ? stored
      : { balance: null };
    return {
      settings,
      key: keyStatus(key, settings),
      balance: balance.balance,
      ...(balance.error ? { balanceError: balance.error } : {}),
      history: entries.slice(0, historyLimit),
      historyTotal: entries.length,
      now: platform.now(),
    };
  }

  async function requireReach(baseUrl: string): Promise<void> {
    const origin = new URL(baseUrl).origin;
    if (!(await platform.canReach(origin))) {
      throw appError('no_permission', `Access to ${origin} was not granted, so the extension cannot use it.`);
    }
  }

  const handlers: Handlers = {
    ping: async () => ({ ok: true }),
    getState: async ({ historyLimit }) => state(historyLimit),
    refreshBalance: () => refreshBalance(),
    generateImage: ({ prompt }) => generateImage(prompt, 'popup'),
    submitVideo: ({ prompt, options }) => submitVideo(prompt, options, 'popup'),
    saveSettings: async ({ settings, apiKey, reuseKey }) => {
      if (settings.baseUrl) await requireReach(settings.baseUrl);
      const previous = await platform.settings.getValue();
      const previousKey = await platform.apiKey.getValue();
      const origin = originOf(settings.baseUrl);
      await platform.settings.setValue(settings);
      // Without a new key or the person's explicit choice, the stored key stays bound to its own origin:
      // the new service is asked for its key, and jobs at the old one still finish with theirs.
      if (apiKey) await platform.apiKey.setValue({ key: apiKey, origin, id: platform.newId() });
      else if (reuseKey && previousKey.key) await platform.apiKey.setValue({ ...previousKey, origin });
      const key = await platform.apiKey.getValue();
      if (
        previous.baseUrl !== settings.baseUrl ||
        previousKey.id !== key.id ||
        previousKey.origin !== key.origin
      ) {
        // Jobs waiting out a 401 or a dead URL get a prompt retry with the new setup.
        void tracker.pollAllNow();
        void releaseUnusedOrigins();
      } else {
        await tracker.reschedule();
      }
      return state();
    },
    removeApiKey: async () => {
      // Needs no access to the service: a person who revoked it must still be able to drop the key.
      await platform.apiKey.setValue(NO_KEY);
      await tracker.reschedule();
      return state();
    },
    testConnection: async ({ baseUrl, apiKey, reuseKey }) => {
      const parsed = baseUrlSchema.safeParse(baseUrl);
      if (!parsed.success) {
        throw appError('invalid_input', parsed.error.issues[0]?.message ?? 'The service URL is not valid.');
      }
      const account = await currentAccount();
      const client = await connect({ baseUrl: parsed.data, ...(apiKey ? { apiKey } : {}), reuseKey });
      const { balance } = await client.getBalance();
      const saved = await platform.settings.getValue();
      if (saved.baseUrl === parsed.data && !apiKey && !reuseKey) {
        await storeBalance(account, () => ({ balance: { value: balance, fetchedAt: platform.now() } }));
      }
      return { balance };
    },
    removeHistoryEntry: async ({ id }) => {
      try {
        return { removed: await history.remove(id) };
      } finally {
        await tracker.storageFreed();
      }
    },
    clearHistory: async () => {
      try {
        return { removed: await history.clearFinished() };
      } finally {
        await tracker.storageFreed();
      }
    },
  };

  /** A context-menu click: the selection becomes a prompt with the default options. */
  async function onMenuClick(menuItemId: string, selectionText: string | undefined): Promise<void> {
    if (menuItemId !== MENU_VIDEO && menuItemId !== MENU_IMAGE) return;
    const settings = await platform.settings.getValue();
    if (!keyBelongsTo(await platform.apiKey.getValue(), originOf(settings.baseUrl))) {
      await announcer.setupNeeded();
      await platform.openOptions();
      return;
    }
    const selection = cleanPrompt(selectionText ?? '');
    const problem = promptProblem(selection);
    if (problem) {
      await announcer.problem(platform.describeProblem(problem));
      return;
    }
    try {
      if (menuItemId === MENU_VIDEO) await submitVideo(selection, settings.videoDefaults, 'context-menu');
      else await generateImage(selection, 'context-menu');
    } catch (error) {
      // Every other failure was stored with its entry and announced from there; a full storage is the
      // one that could not be stored.
      if (isQuotaError(error)) await announcer.storageFull(toErrorInfo(error));
    }
  }

  async function onNotificationClick(notificationId: string): Promise<void> {
    const target = clickTarget(notificationId);
    if (!target) return;
    if (target.type === 'entry') {
      const entry = (await history.read()).find((item) => item.id === target.id);
      const url = entry?.urls[0];
      await platform.openTab(url ?? platform.historyPageUrl);
      return;
    }
    await platform.openTab(platform.historyPageUrl);
  }

  /** Called whenever the worker starts: settle what a killed worker left and re-arm polling. */
  async function resume(): Promise<void> {
    try {
      await tracker.recoverInterrupted();
    } catch (error) {
      if (!isQuotaError(error)) throw error;
      await announcer.storageFull(toErrorInfo(error));
    } finally {
      await tracker.tick();
    }
  }

  return { handlers, tracker, resume, onMenuClick, onNotificationClick, refreshBalance };
}

export type BackgroundApp = ReturnType<typeof createBackgroundApp>;
