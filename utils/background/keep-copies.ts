import { AppError } from '../error-info';
import type { HistoryEntry } from '../history/schema';
import type { HistoryStore } from '../history/store';
import {
  applyCap,
  forgetAllCopies,
  forgetCopies,
  forgetCopiesExcept,
  keepEntry,
  recoverInterruptedCopies,
} from '../media/copies';
import type { EntryCopy } from '../media/copies-schema';
import type { ResponseData } from '../messaging/protocol';
import { createSerial } from '../serial';
import { validSettingsItem } from '../settings/store';
import type { Platform } from './platform';

const MB = 1024 * 1024;

function keepable(entry: HistoryEntry | undefined): entry is HistoryEntry {
  return entry?.status === 'completed' && entry.urls.length > 0;
}

function warn(error: unknown): void {
  // The entry and its service URLs stand without a copy; the copies item says why when keepEntry could.
  console.warn('Keeping a copy did not complete:', error);
}

/**
 * Kept copies of finished results, one operation at a time per worker: a copy being written never meets
 * a delete or an eviction of the same files, and a 20 MB video is fetched once, not in parallel with others.
 * Callers in a command's answer path or a poll tick start keeping and do not wait for it.
 */
export function createCopyKeeper(platform: Pick<Platform, 'now' | 'hasMediaAccess'>, history: HistoryStore) {
  const serially = createSerial();

  async function find(entryId: string): Promise<HistoryEntry | undefined> {
    return (await history.read()).find((entry) => entry.id === entryId);
  }

  async function runningIds(): Promise<Set<string>> {
    const entries = await history.read();
    return new Set(entries.filter((entry) => entry.status === 'running').map((entry) => entry.id));
  }

  /** Keeps the entry's files now (in turn), whatever the setting says: the caller decided. */
  function keep(entryId: string): Promise<EntryCopy | undefined> {
    return serially(async () => {
      const entry = await find(entryId);
      // Removed or cleared while waiting its turn: nothing to keep.
      if (!keepable(entry)) return undefined;
      const settings = await validSettingsItem.getValue();
      return keepEntry({
        entryId,
        urls: entry.urls,
        capBytes: settings.copyCapMb * MB,
        running: await runningIds(),
        now: platform.now,
      });
    });
  }

  async function keepIfWanted(entry: HistoryEntry): Promise<void> {
    const settings = await validSettingsItem.getValue();
    if (!settings.keepCopies || !(await platform.hasMediaAccess(entry.urls))) return;
    await keep(entry.id);
  }

  return {
    /** After an image or a video completes. Never awaited where an answer or a poll waits. */
    keepFinished(entries: readonly HistoryEntry[]): void {
      for (const entry of entries) if (keepable(entry)) void keepIfWanted(entry).catch(warn);
    },

    /** "Keep a copy": the page obtained access to the media host in the person's click. */
    async keepRequested(entryId: string): Promise<ResponseData['keepCopy']> {
      const entry = await find(entryId);
      if (!keepable(entry)) throw new AppError('invalid_input', 'This entry has no finished files to keep.');
      if (!(await platform.hasMediaAccess(entry.urls))) {
        throw new AppError('no_permission', 'Access to the host of these files was not granted.');
      }
      void keep(entryId).catch(warn);
      return { keeping: true };
    },

    /**
     * Once per worker start: copies cut off half way are discarded, then kept again while the entry is
     * still in history and its host still reachable (the service may still have the files).
     */
    async recover(): Promise<void> {
      const again = await serially(() => recoverInterruptedCopies());
      const entries = await history.read();
      for (const entry of entries) {
        if (!again.includes(entry.id) || !keepable(entry)) continue;
        if (await platform.hasMediaAccess(entry.urls)) void keep(entry.id).catch(warn);
      }
    },

    forget: (entryId: string) => serially(() => forgetCopies(entryId)),

    /** After clearing history: copies of entries that are gone, running jobs' entries stay. */
    forgetRemoved: () =>
      serially(async () => forgetCopiesExcept(new Set((await history.read()).map((entry) => entry.id)))),

    deleteAll: () => serially(() => forgetAllCopies()),

    /** A cap lowered in the settings takes effect at once. */
    applyCap: () =>
      serially(async () => {
        const settings = await validSettingsItem.getValue();
        return applyCap(settings.copyCapMb * MB, await runningIds());
      }),
  };
}

export type CopyKeeper = ReturnType<typeof createCopyKeeper>;
