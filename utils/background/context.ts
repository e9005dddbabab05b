import { applySetup, createBackupService, readSetup } from '@/utils/backup/commands';
import { createBatchSummary } from '@/utils/batch/commands';
import { createCopyKeeper } from '@/utils/copies/commands';
import { dropCutoff } from '@/utils/history/background';
import {
  createIdbHistoryStore,
  migratedHistoryDb,
  openHistoryDb,
  signalHistoryChange,
} from '@/utils/history/commands';
import { apiKeys, type Connect, createServiceAccess, isLocked } from '@/utils/keys/background';
import { markUsed } from '@/utils/keys/commands';
import { createAnnouncer } from '@/utils/notifications/background';
import { readProfiles, resolveProfile } from '@/utils/profiles/background';
import { BATCH_CONCURRENCY } from '../batch/batch-state';
import { openMediaDb } from '../copies/media-db';
import type { HistoryEntry } from '../history/schema';
import { originOf } from '../http-url';
import { createLimiter } from '../jobs/concurrency';
import { MAX_BACKOFF_MS, type PollPolicy } from '../jobs/schedule';
import { createJobTracker } from '../jobs/tracker';
import { profileOf } from '../profiles/first-profile';
import { createSerial } from '../serial';
import type { Settings } from '../settings/schema';
import { validSettingsItem } from '../settings/store';
import { type BalanceAccount, legacyHistoryItem } from '../storage/items';
import { backupAlarm, scheduleAlarm, scheduleCopiesAlarm, setBadge } from './browser-effects';
import { storedPathFormsItem } from './items';
import { createKeepAlive } from './keep-alive';
import type { Platform } from './platform';

/** A backup request's own limit; an upload gets more for its size (target-http.ts putTimeoutMs). */
const BACKUP_REQUEST_TIMEOUT_MS = 30_000;

function pollPolicy(settings: Settings): PollPolicy {
  return {
    intervalMs: settings.pollIntervalSec * 1000,
    maxBackoffMs: MAX_BACKOFF_MS,
    jobTimeoutMs: settings.jobTimeoutMin * 60_000,
    requestTimeoutMs: settings.requestTimeoutSec * 1000,
    imageTimeoutMs: settings.imageTimeoutSec * 1000,
  };
}

/** What happens once a poll pass has finished jobs; set by the composition root (balance, origins). */
export interface FinishHooks {
  afterFinished: (entries: readonly HistoryEntry[]) => void;
}

/**
 * The pieces every feature shares, built once per worker: the history store, the job tracker, the
 * service connection and the notifier. Features receive this and nothing else.
 */
export function createContext(platform: Platform, hooks: FinishHooks) {
  const open = migratedHistoryDb(
    { getValue: () => legacyHistoryItem.getValue(), remove: () => legacyHistoryItem.removeValue() },
    {
      open: () => openHistoryDb(platform.historyDbName),
      onMigrated: () => signalHistoryChange({ ids: [], cleared: true }),
    },
  );
  const history = createIdbHistoryStore(open, {
    // Entries trimmed, dropped by the rule or by a full storage take their kept copies with them.
    onDropped: (ids) => copies.forgetDropped(ids),
    onCommitted: (change) => {
      signalHistoryChange(change);
      void backup.afterNewResults();
    },
    dropBefore: async () => dropCutoff(await validSettingsItem.getValue(), platform.now()),
  });
  /** Held by requests that carry a result and by copies being fetched, never while the worker is idle. */
  const keepAlive = createKeepAlive(platform.stayAwake, platform.timers);
  const announcer = createAnnouncer(platform.now);
  const copies = createCopyKeeper({ platform, history, keepAlive, scheduleAlarm: scheduleCopiesAlarm });
  const backup = createBackupService({
    now: platform.now,
    newId: platform.newId,
    fetch: platform.fetch ?? ((input, init) => fetch(input, init)),
    timeoutMs: BACKUP_REQUEST_TIMEOUT_MS,
    history,
    historyDb: open,
    mediaDb: openMediaDb,
    keepAlive,
    alarm: backupAlarm,
    canReach: platform.canReach,
    watchFailure: platform.watchFailure,
    tell: (error) => announcer.backupFailed(error),
    setup: readSetup,
    applySetup: (item) => setupChanges(() => applySetup(item)),
    historyLimit: async () => (await validSettingsItem.getValue()).historyLimit,
  });
  /** Entries this worker is sending right now (an image request, a submission). */
  const inFlight = new Set<string>();
  const serially = createSerial();
  /** Changes of the settings, the profiles and their keys, one at a time (each reads, then writes). */
  const setupChanges = createSerial();
  /** Batch requests of this worker, a few at a time whatever the number of batches. */
  const batchLanes = createLimiter(BATCH_CONCURRENCY);
  const tellBatches = createBatchSummary(history, announcer);
  const connectAny = createServiceAccess({
    profile: async (id) => {
      const resolved = await resolveProfile(id);
      return resolved && { settings: resolved.settings, key: await apiKeys.of(resolved.profile.id) };
    },
    pathForms: () => storedPathFormsItem.getValue(),
    savePathForm: (baseUrl, form) =>
      serially(async () => {
        const forms = await storedPathFormsItem.getValue();
        await storedPathFormsItem.setValue({ ...forms, [baseUrl]: form });
      }),
    canReach: platform.canReach,
    locked: isLocked,
    ...(platform.fetch ? { fetch: platform.fetch } : {}),
  });
  /** Requests the person asked for: each restarts the key lock's idle time (polls do not, see README). */
  const connect: Connect = async (overrides) => {
    const client = await connectAny(overrides);
    void setupChanges(() => markUsed(platform.now()));
    return client;
  };

  const tracker = createJobTracker({
    history,
    now: platform.now,
    policy: async () => pollPolicy(await validSettingsItem.getValue()),
    keyOrigins: async () => {
      const keys = await apiKeys.all();
      return (entry) => keys[profileOf(entry)]?.origin ?? '';
    },
    poll: async (entry) => {
      // With its own profile's key, at its own service, whichever profile is active now.
      const client = await connectAny({ profileId: profileOf(entry), baseUrl: entry.poll?.baseUrl });
      return client.getVideoJob(entry.poll?.jobId ?? '');
    },
    scheduleAlarm,
    onFinished: async (entries) => {
      await announcer.announce(entries.filter((entry) => entry.batchId === undefined));
      await tellBatches(entries);
      hooks.afterFinished(entries);
    },
    onStorageFull: (error) => announcer.storageFull(error),
    onRunningCount: setBadge,
    timers: platform.timers,
    concurrency: platform.pollConcurrency ?? 4,
    inFlight: (id) => inFlight.has(id),
  });

  /** The active profile's service and key, as balances are tagged with them. */
  async function currentAccount(): Promise<BalanceAccount> {
    const { profiles, settings } = await readProfiles();
    return { origin: originOf(settings.baseUrl), keyId: (await apiKeys.of(profiles.activeId)).id };
  }

  return {
    platform,
    history,
    /** The history's database, for the spend ledger's reads (budgets); its writes go through `history`. */
    historyDb: open,
    announcer,
    copies,
    backup,
    keepAlive,
    inFlight,
    serially,
    setupChanges,
    batchLanes,
    connect,
    tracker,
    currentAccount,
  };
}

export type Context = ReturnType<typeof createContext>;
