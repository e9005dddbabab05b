import type { KeepAlive } from '../../background/keep-alive';
import type { Platform } from '../../background/platform';
import { AppError } from '../../error-info';
import type { HistoryEntry } from '../../history/schema';
import type { HistoryStore } from '../../history/store';
import { t } from '../../i18n';
import type { ResponseData } from '../../messaging/protocol';
import { createSerial } from '../../serial';
import { validSettingsItem } from '../../settings/store';
import { NUMBER_LIMITS } from '../../validation';
import { capToFitMb } from '../cap-fit';
import {
  applyCap,
  forgetAllCopies,
  forgetCopies,
  forgetCopiesExcept,
  forgetCopiesOf,
  keepEntry,
  markKeeping,
  recoverInterruptedCopies,
} from '../copies';
import { copiesItem } from '../copies-item';
import type { EntryCopy } from '../copies-schema';
import type { CopyLimits } from '../copy-watch';

const MB = 1024 * 1024;

/**
 * While a copy runs, the copies alarm stands this far ahead: should the worker be stopped mid-copy, the alarm
 * starts the next one, which continues it without any page being opened. 30 s is the shortest alarm a packed
 * Chrome extension gets.
 */
export const COPY_BACKSTOP_MS = 30_000;

function keepable(entry: HistoryEntry | undefined): entry is HistoryEntry {
  return entry?.status === 'completed' && entry.urls.length > 0;
}

function warn(error: unknown): void {
  // The entry and its service URLs stand without a copy; the copies item says why when keepEntry could.
  console.warn('Copy not kept:', error);
}

export interface CopyKeeperDeps {
  platform: Pick<Platform, 'now' | 'hasMediaAccess'>;
  history: HistoryStore;
  keepAlive: Pick<KeepAlive, 'during'>;
  /** Arms the copies alarm for `when`, or clears it. */
  scheduleAlarm: (when: number | undefined) => Promise<void>;
  limits?: CopyLimits;
}

/**
 * Kept copies of finished results, one operation at a time per worker: a copy being written never meets
 * a delete or an eviction of the same files, and a 20 MB video is fetched once, not in parallel with others.
 * A copy is recorded as "keeping" before its first byte is fetched; that record, not this worker's memory,
 * is what the next worker (woken by the copies alarm) continues until the copy is kept or given up.
 */
export function createCopyKeeper({ platform, history, keepAlive, scheduleAlarm, limits }: CopyKeeperDeps) {
  const serially = createSerial();
  /** Entries this worker has queued or is keeping, so an alarm or a start never queues one twice. */
  const queued = new Set<string>();
  /** Freeing of copies of entries the history pushed out, still under way. */
  const dropping = new Set<Promise<void>>();

  async function find(entryId: string): Promise<HistoryEntry | undefined> {
    return history.get(entryId);
  }

  /** Entries whose copies space is never made from: running jobs and the person's favourites. */
  async function sparedIds(): Promise<Set<string>> {
    const [running, favourites] = await Promise.all([
      history.find({ status: 'running' }),
      history.find({ favourite: true }),
    ]);
    return new Set([...running, ...favourites].map((entry) => entry.id));
  }

  /** The alarm follows what is left: a backstop while this worker copies, else the earliest retry. */
  async function rearm(): Promise<void> {
    const pending = Object.values((await copiesItem.getValue()).entries).filter(
      (copy) => copy.state === 'keeping',
    );
    if (pending.length === 0) return scheduleAlarm(undefined);
    const now = platform.now();
    if (queued.size > 0) return scheduleAlarm(now + COPY_BACKSTOP_MS);
    await scheduleAlarm(Math.max(now, Math.min(...pending.map((copy) => copy.retryAt ?? now))));
  }

  /** One attempt at the entry's files now (in turn), whatever the setting says: the caller decided. */
  function keep(entryId: string): Promise<EntryCopy | undefined> {
    queued.add(entryId);
    const attempt = serially(() =>
      keepAlive.during(async () => {
        try {
          const entry = await find(entryId);
          // Removed or cleared while waiting its turn: nothing to keep, nor to take up again.
          if (!keepable(entry)) {
            await forgetCopies(entryId);
            return undefined;
          }
          await scheduleAlarm(platform.now() + COPY_BACKSTOP_MS);
          const settings = await validSettingsItem.getValue();
          return await keepEntry({
            entryId,
            urls: entry.urls,
            capBytes: settings.copyCapMb * MB,
            spared: await sparedIds(),
            now: platform.now,
            ...(limits ? { limits } : {}),
          });
        } finally {
          queued.delete(entryId);
        }
      }),
    );
    return attempt.finally(() => rearm().catch(warn));
  }

  async function start(entry: HistoryEntry, firstOnly = false): Promise<void> {
    if (await markKeeping({ id: entry.id, files: entry.urls.length }, firstOnly))
      void keep(entry.id).catch(warn);
  }

  async function keepIfWanted(entry: HistoryEntry): Promise<void> {
    const settings = await validSettingsItem.getValue();
    if (!settings.keepCopies || !(await platform.hasMediaAccess(entry.urls))) return;
    await start(entry, true);
  }

  async function requireKeepable(entryId: string): Promise<HistoryEntry> {
    const entry = await find(entryId);
    if (!keepable(entry)) throw new AppError('invalid_input', t('refusedNothingToKeep'));
    if (!(await platform.hasMediaAccess(entry.urls))) {
      throw new AppError('no_permission');
    }
    return entry;
  }

  /** Takes up every copy still "keeping" whose time has come; the alarm and each worker start call it. */
  async function resumePending(): Promise<void> {
    const now = platform.now();
    const due = Object.entries((await copiesItem.getValue()).entries).filter(
      ([id, copy]) => copy.state === 'keeping' && !queued.has(id) && (copy.retryAt ?? 0) <= now,
    );
    if (due.length === 0) return rearm();
    const entries = await history.find({ ids: due.map(([id]) => id) });
    for (const [id] of due) {
      const entry = entries.find((candidate) => candidate.id === id);
      // Access withdrawn meanwhile: the files stay on the service, as for any entry without access.
      if (!keepable(entry) || !(await platform.hasMediaAccess(entry.urls))) {
        await serially(() => forgetCopies(id));
        continue;
      }
      void keep(id).catch(warn);
    }
    await rearm();
  }

  return {
    /** After an image or a video completes. Never awaited where an answer or a poll waits. */
    keepFinished(entries: readonly HistoryEntry[]): void {
      for (const entry of entries) if (keepable(entry)) void keepIfWanted(entry).catch(warn);
    },

    /** "Keep a copy": the page obtained access to the media host in the person's click. */
    async keepRequested(entryId: string): Promise<ResponseData['keepCopy']> {
      await start(await requireKeepable(entryId));
      return { keeping: true };
    },

    /**
     * "Keep anyway" for a result larger than the space for copies: the cap is raised just enough for it to
     * fit beside every copy already kept (so nothing is evicted for it), then it is kept.
     */
    async keepAnyway(entryId: string): Promise<ResponseData['keepAnyway']> {
      const entry = await requireKeepable(entryId);
      const copyCapMb = await serially(async () => {
        const copies = await copiesItem.getValue();
        const copy = copies.entries[entryId];
        if (copy?.state !== 'tooBig') {
          throw new AppError('invalid_input', t('refusedNotWaitingForSpace'));
        }
        const settings = await validSettingsItem.getValue();
        const cap = Math.max(settings.copyCapMb, capToFitMb(copies.usedBytes, copy.bytes));
        if (cap > NUMBER_LIMITS.copyCapMb.max) {
          throw new AppError('invalid_input', t('refusedTooLargeForCopies'));
        }
        await validSettingsItem.setValue({ ...settings, copyCapMb: cap });
        return cap;
      });
      await start(entry);
      return { keeping: true, copyCapMb };
    },

    /**
     * Once per worker start: incomplete files nothing will continue are dropped, then every copy still
     * "keeping" is taken up (continued from its chunks) or left for the alarm at its retry time.
     */
    async recover(): Promise<void> {
      await serially(() => recoverInterruptedCopies());
      await resumePending();
    },

    resumePending,

    /** After the extension is reloaded or updated, which clears its alarms. */
    rearm,

    forget: (entryId: string) => serially(() => forgetCopies(entryId)),

    /** Entries the person removed by id: their copies go in one write. */
    forgetEntries: (ids: readonly string[]) => serially(() => forgetCopiesOf(ids)),

    /**
     * Entries a trim, the drop rule or a full storage pushed out: exactly their copies go (called from inside the
     * history's queue, so it must not read the history). `droppedFreed` waits for every such freeing begun.
     */
    forgetDropped(ids: readonly string[]): void {
      const freeing = serially(() => forgetCopiesOf(ids));
      dropping.add(freeing);
      void freeing
        .catch((error: unknown) => console.warn('Copies of removed entries not freed:', error))
        .finally(() => dropping.delete(freeing));
    },

    droppedFreed: async (): Promise<void> => {
      await Promise.allSettled([...dropping]);
    },

    /** After clearing history: copies of entries that are gone, running jobs' entries stay. */
    forgetRemoved: () =>
      serially(async () => forgetCopiesExcept(new Set((await history.read()).map((entry) => entry.id)))),

    deleteAll: () => serially(() => forgetAllCopies()),

    /** A cap lowered in the settings takes effect at once. */
    applyCap: () =>
      serially(async () => {
        const settings = await validSettingsItem.getValue();
        return applyCap(settings.copyCapMb * MB, await sparedIds());
      }),
  };
}

export type CopyKeeper = ReturnType<typeof createCopyKeeper>;
