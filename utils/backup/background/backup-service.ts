import type { KeepAlive } from '../../background/keep-alive';
import type { MediaDb } from '../../copies/media-db';
import { AppError, type ErrorInfo, toErrorInfo } from '../../error-info';
import type { HistoryDb } from '../../history/history-db';
import type { HistoryStore } from '../../history/store';
import { t } from '../../i18n';
import { unlockedMaster } from '../../keys/background';
import { MIN_PASSPHRASE } from '../../keys/key-lock-rules';
import { createSerial } from '../../serial';
import {
  type BackupHeader,
  headerBytes,
  keysOf,
  newBackup,
  type OpenedBackup,
  openBackup,
  openedWith,
  rewrapped,
} from '../backup-header';
import type { SetupItem } from '../backup-items';
import { readHeader, readManifest, writeHeader } from '../backup-objects';
import { type Manifest, previewOf, type RestorePreview } from '../backup-plan';
import { type BackupProgress, runBackup } from '../backup-run';
import {
  type BackupConfig,
  type BackupPlace,
  type BackupStatus,
  backupConfigSchema,
  backupStatusSchema,
  placeUrl,
} from '../backup-schema';
import { backupConfigItem, backupStatusItem } from '../backup-storage';
import { s3Target } from '../s3-target';
import { type BackupTarget, targetError } from '../target';
import type { TargetDeps } from '../target-http';
import { webdavTarget } from '../webdav-target';
import { type RestoreProgress, restoreBackup } from './backup-restore';
import { backupSecrets, forgetBackupSecrets, saveBackupSecrets } from './backup-secrets';
import { localBackupSource } from './backup-source';
import { partsUploadItem, storedPartsUploads } from './parts-uploads';

/**
 * While a run is under way, the backup alarm stands this far ahead: should the worker be stopped mid-run
 * (or the browser closed), the alarm starts the next one, which sends only what the target still lacks.
 */
export const BACKUP_BACKSTOP_MS = 30_000;
/** New results are backed up together, this long after the first of them. */
export const AUTO_DELAY_MS = 2 * 60_000;
export const DAILY_MS = 24 * 60 * 60_000;
/** A failed automatic run is tried again after this long. */
export const RETRY_MS = 15 * 60_000;
/** Progress is written to storage (pages watch it) at most this often. */
const PROGRESS_EVERY_MS = 500;

export interface BackupServiceDeps {
  now: () => number;
  newId: () => string;
  fetch: typeof fetch;
  timeoutMs: number;
  history: HistoryStore;
  historyDb: () => Promise<HistoryDb>;
  mediaDb: () => Promise<MediaDb>;
  keepAlive: Pick<KeepAlive, 'during'>;
  alarm: { when: () => Promise<number | undefined>; at: (when: number | undefined) => Promise<void> };
  /** Whether the extension may send requests to this URL's host (its permission was granted). */
  canReach: (url: string) => Promise<boolean>;
  /** The browser's reason should a request fail: a certificate is told apart from a dead address. */
  watchFailure: TargetDeps['watchFailure'];
  /** Tells the person why the backup failed: once per reason, until a run succeeds. */
  tell: (error: ErrorInfo) => Promise<void>;
  /** The settings, profiles and library as stored, and their restore (merged with what is here). */
  setup: () => Promise<SetupItem>;
  applySetup: (setup: SetupItem) => Promise<void>;
  historyLimit: () => Promise<number>;
}

/** What a new backup opens with: a passphrase of its own, or the key lock's. */
export type BackupSecret = { passphrase: string } | { keyLock: true };

/** The key lock's master, for a backup that shares its passphrase: the lock must be set and unlocked. */
async function lockSecret() {
  const lock = await unlockedMaster();
  if (!lock) throw new AppError('locked', t('backupNeedsUnlockedLock'));
  return lock;
}

/** A backup found at a place opened with the key lock's master: only one sealed under the lock's stretching. */
function openedWithLock(
  held: BackupHeader,
  lock: { master: Uint8Array<ArrayBuffer>; kdf: BackupHeader['kdf'] },
) {
  if (held.kdf.salt !== lock.kdf.salt) throw new AppError('wrong_passphrase', t('backupHasOwnPassphrase'));
  return openedWith(held, lock.master);
}

/** What the person typed for a place: the password or secret key, unless the stored one is meant. */
export interface PlaceInput {
  place: BackupPlace;
  credential?: string | undefined;
}

const sameFailure = (a: ErrorInfo | undefined, b: ErrorInfo) =>
  a?.kind === b.kind && a.detail === b.detail && a.status === b.status;

/** A run or a restore under way when its worker stopped: one waiting for room the person gives is not. */
const unfinished = (status: BackupStatus) =>
  status.state !== 'idle' ||
  (status.restore !== undefined && !status.restore.done && status.restore.removing === undefined);

/**
 * The backup as the worker runs it: set up from the options page, then run by the backup alarm (after new
 * results, daily, on demand), one run at a time, each resumable: a run or a restore stopped anywhere is
 * continued by the alarm that stands BACKUP_BACKSTOP_MS ahead while it works.
 */
export function createBackupService(deps: BackupServiceDeps) {
  const serially = createSerial();
  const statusWrites = createSerial();

  const updateStatus = (change: (status: BackupStatus) => BackupStatus) =>
    statusWrites(async () => {
      const stored = backupStatusSchema.safeParse(await backupStatusItem.getValue());
      await backupStatusItem.setValue(change(stored.success ? stored.data : { state: 'idle' }));
    });

  async function storedConfig(): Promise<BackupConfig | undefined> {
    const parsed = backupConfigSchema.safeParse(await backupConfigItem.getValue());
    return parsed.success ? parsed.data : undefined;
  }

  function targetOf(place: BackupPlace, credential: string): BackupTarget {
    const requests = {
      fetch: deps.fetch,
      timeoutMs: deps.timeoutMs,
      now: deps.now,
      watchFailure: deps.watchFailure,
    };
    return place.kind === 'webdav'
      ? webdavTarget({ url: place.url, username: place.username, password: credential }, requests)
      : s3Target({ ...place, secretAccessKey: credential }, requests);
  }

  /**
   * The target of a place the person typed, with the credential typed or the one stored for its origin,
   * and that credential, for `store` to keep.
   */
  async function typedTarget({ place, credential }: PlaceInput) {
    const stored = credential ? undefined : await backupSecrets(place);
    if (stored === 'locked') throw new AppError('locked');
    const secret = credential ?? stored?.credential;
    if (secret === undefined) throw new AppError('invalid_input', { detail: 'credential' });
    if (!(await deps.canReach(placeUrl(place)))) throw targetError('no_access');
    return { target: targetOf(place, secret), credential: secret };
  }

  /** The backup a place holds, opened with the passphrase: its header, keys and manifest. */
  async function openPlace(input: PlaceInput, passphrase: string) {
    const { target, credential } = await typedTarget(input);
    const header = await readHeader(target);
    if (!header) throw targetError('no_backup');
    const opened = await openBackup(headerBytes(header), passphrase);
    return { target, credential, opened, manifest: await readManifest(target, opened.keys) };
  }

  async function store(
    place: BackupPlace,
    credential: string,
    opened: OpenedBackup,
    config: Omit<BackupConfig, 'place' | 'header'>,
  ) {
    await saveBackupSecrets(place, { credential, root: opened.root }, deps.newId());
    await backupConfigItem.setValue({ place, header: opened.header, ...config });
  }

  /** Arms the next run: a backstop while one works, else the daily one (automatic backups only). */
  async function rearm(): Promise<void> {
    const [config, status] = await Promise.all([storedConfig(), backupStatusItem.getValue()]);
    if (!config) return deps.alarm.at(undefined);
    if (unfinished(status)) return deps.alarm.at(deps.now() + BACKUP_BACKSTOP_MS);
    if (!config.auto) return deps.alarm.at(undefined);
    if (status.failure) return deps.alarm.at(Math.max(deps.now(), status.failure.at + RETRY_MS));
    return deps.alarm.at(Math.max(deps.now(), (status.last?.at ?? 0) + DAILY_MS));
  }

  /** Throttled progress, so a run of a thousand small items does not write storage a thousand times. */
  function progressWriter() {
    let written = 0;
    return (total: { items: number; bytes: number }, done: { items: number; bytes: number }) => {
      const now = deps.now();
      if (now - written < PROGRESS_EVERY_MS && done.items < total.items) return;
      written = now;
      void updateStatus((status) => ({ ...status, progress: { total, done } }));
    };
  }

  async function failed(error: unknown): Promise<void> {
    const info = toErrorInfo(error);
    const before = (await backupStatusItem.getValue()).failure?.error;
    await updateStatus(({ progress: _, ...status }) => ({
      ...status,
      state: 'idle',
      failure: { at: deps.now(), error: info },
    }));
    // Told once: the same reason again (the target still full) is not told again until a run succeeds.
    if (!sameFailure(before, info)) await deps.tell(info);
  }

  async function backUp(config: BackupConfig, target: BackupTarget, opened: Pick<OpenedBackup, 'keys'>) {
    await updateStatus(({ locked: _, ...status }) => ({ ...status, state: 'backing-up' }));
    const progress = progressWriter();
    const source = await localBackupSource({
      history: deps.history,
      historyDb: deps.historyDb,
      mediaDb: deps.mediaDb,
      setup: deps.setup,
    });
    const outcome = await runBackup(
      {
        target,
        header: config.header,
        keys: opened.keys,
        writer: config.writer,
        adopts: config.adopts,
        now: deps.now,
        uploads: storedPartsUploads,
        onProgress: (p: BackupProgress) =>
          progress({ items: p.items, bytes: p.bytes }, { items: p.sentItems, bytes: p.sentBytes }),
      },
      source,
    );
    // Taken over: the other browser's runs are refused from now on.
    if (config.adopts) await backupConfigItem.setValue({ ...config, adopts: undefined });
    await updateStatus(({ progress: _, failure: __, ...status }) => ({
      ...status,
      state: 'idle',
      last: {
        at: outcome.at,
        held: { items: outcome.heldItems, bytes: outcome.heldBytes },
        sent: { items: outcome.sentItems, bytes: outcome.sentBytes },
      },
    }));
  }

  async function restore(target: BackupTarget, opened: Pick<OpenedBackup, 'keys'>, removeUpTo: number) {
    await updateStatus(({ locked: _, ...status }) => ({ ...status, state: 'restoring' }));
    const manifest = await readManifest(target, opened.keys);
    if (!manifest) throw targetError('no_backup');
    const progress = progressWriter();
    const outcome = await restoreBackup(
      {
        target,
        keys: opened.keys,
        history: deps.history,
        historyDb: deps.historyDb,
        mediaDb: deps.mediaDb,
        applySetup: deps.applySetup,
        allowed: async () => ({ limit: await deps.historyLimit(), removeUpTo }),
        now: deps.now,
        onProgress: (p: RestoreProgress) =>
          progress({ items: 0, bytes: p.bytes }, { items: 0, bytes: p.doneBytes }),
      },
      manifest,
    );
    await updateStatus(({ progress: _, failure: __, restore, ...status }) => {
      const at = restore?.at ?? deps.now();
      if (!outcome.history.applied)
        return { ...status, state: 'idle', restore: { at, removeUpTo, removing: outcome.history.removing } };
      const done = { entries: outcome.history.adding, copies: outcome.copies, charges: outcome.charges };
      return { ...status, state: 'idle', restore: { at, removeUpTo, done } };
    });
  }

  /**
   * The run the alarm (or a command) asks for: a restore still to finish first, else a backup.
   */
  let queued: Promise<void> | undefined;
  function run(): Promise<void> {
    // The backstop moves ahead at each call, the alarm's own included: a long run keeps one armed, so a
    // worker stopped at any point of it is woken to continue.
    void deps.alarm.at(deps.now() + BACKUP_BACKSTOP_MS);
    // One run waits behind the current one at most: it takes what changed meanwhile.
    queued ??= serially(async () => {
      queued = undefined;
      const config = await storedConfig();
      if (!config) return deps.alarm.at(undefined);
      try {
        const secrets = await backupSecrets(config.place);
        if (secrets === 'locked') {
          await updateStatus(({ progress: _, ...status }) => ({ ...status, state: 'idle', locked: true }));
          return;
        }
        // Kept for the session only (the key lock's choice), they went when the browser closed.
        if (!secrets) throw targetError('forgotten');
        if (!(await deps.canReach(placeUrl(config.place)))) throw targetError('no_access');
        const target = targetOf(config.place, secrets.credential);
        const keys = await keysOf(config.header, secrets.root);
        await deps.keepAlive.during(async () => {
          const pending = (await backupStatusItem.getValue()).restore;
          // No backup while a restore is unfinished: it would replace the backup with less than it holds.
          if (pending && !pending.done) {
            if (pending.removing === undefined) await restore(target, { keys }, pending.removeUpTo);
          } else await backUp(config, target, { keys });
        });
      } catch (error) {
        await failed(error);
      } finally {
        await rearm();
      }
    });
    return queued;
  }

  return {
    run,
    rearm,
    /** The browser started: a run or restore its last session cut off goes on now, not at the backstop. */
    async afterBrowserStart(): Promise<void> {
      if ((await storedConfig()) && unfinished(await backupStatusItem.getValue())) await run();
    },
    /** The key lock opened: a run that waited for the backup's secrets goes now. */
    async afterUnlock(): Promise<void> {
      if ((await backupStatusItem.getValue()).locked) await run();
    },
    /** New results: an automatic backup follows, AUTO_DELAY_MS after the first of them. */
    async afterNewResults(): Promise<void> {
      const config = await storedConfig();
      if (!config?.auto) return;
      const due = await deps.alarm.when();
      const soon = deps.now() + AUTO_DELAY_MS;
      if (due === undefined || due > soon) await deps.alarm.at(soon);
    },

    /** *Test*: the place can be written, read back and emptied of the probe, with these credentials. */
    async test(input: PlaceInput): Promise<void> {
      await (await typedTarget(input)).target.check();
    },

    /**
     * Sets up the backup to a place: a new backup there (with this passphrase, or the key lock's), or the
     * one this browser writes already. Another browser's backup is not taken over: its preview comes back,
     * to restore first.
     */
    setUp(
      input: PlaceInput,
      secret: BackupSecret,
      auto: boolean,
    ): Promise<{ restoreFirst?: RestorePreview }> {
      return serially(async () => {
        const { target, credential } = await typedTarget(input);
        const lock = 'keyLock' in secret ? await lockSecret() : undefined;
        const passphrase = 'passphrase' in secret ? secret.passphrase : '';
        await target.check();
        const held = await readHeader(target);
        const config = await storedConfig();
        let opened: OpenedBackup;
        if (!held) {
          if (!lock && passphrase.length < MIN_PASSPHRASE)
            throw new AppError('invalid_input', t('keyLockTooShort', MIN_PASSPHRASE), {
              detail: 'passphrase',
            });
          opened = await newBackup(lock ?? { passphrase });
          await writeHeader(target, opened.header);
        } else {
          opened = lock ? await openedWithLock(held, lock) : await openBackup(headerBytes(held), passphrase);
          const manifest = await readManifest(target, opened.keys);
          const ours = config?.header.id === held.id ? config.writer : undefined;
          if (manifest && manifest.writer !== ours) return { restoreFirst: previewOf(manifest) };
        }
        const writer = config?.header.id === opened.header.id ? config.writer : deps.newId();
        await store(input.place, credential, opened, { writer, auto, ...(lock && { keyLock: true }) });
        await updateStatus(() => ({ state: 'idle' }));
        void run();
        return {};
      });
    },

    /**
     * The key lock changed (a new passphrase, a new lock, an unlock after a change a stopped worker cut
     * short): a backup that shares its passphrase gets its root rewrapped under the new one, and a run
     * gives the target the new header. Nothing is done while the lock is locked or its passphrase is the
     * backup's already.
     */
    async afterLockChange(): Promise<void> {
      const rewrapping = await serially(async () => {
        const [config, lock] = await Promise.all([storedConfig(), unlockedMaster()]);
        if (!config?.keyLock || !lock || config.header.kdf.salt === lock.kdf.salt) return false;
        const secrets = await backupSecrets(config.place);
        if (!secrets || secrets === 'locked') return false;
        await backupConfigItem.setValue({
          ...config,
          header: await rewrapped(config.header, secrets.root, lock),
        });
        return true;
      });
      if (rewrapping) await run();
    },

    /** What the backup at a place holds, before anything is restored. */
    async preview(input: PlaceInput, passphrase: string): Promise<RestorePreview> {
      const { manifest } = await openPlace(input, passphrase);
      if (!manifest) throw targetError('no_backup');
      return previewOf(manifest);
    },

    /**
     * Restores the backup at a place into this browser, which then backs up there in its place: the
     * restore runs from the alarm too, so a stopped worker or a restarted browser continues it.
     */
    startRestore(input: PlaceInput, passphrase: string, removeUpTo: number): Promise<void> {
      return serially(async () => {
        const { credential, opened, manifest } = await openPlace(input, passphrase);
        if (!manifest) throw targetError('no_backup');
        const config = await storedConfig();
        const writer = config?.header.id === opened.header.id ? config.writer : deps.newId();
        await store(input.place, credential, opened, {
          writer,
          adopts: (manifest as Manifest).writer,
          auto: config?.auto ?? true,
        });
        await updateStatus(() => ({ state: 'idle', restore: { at: deps.now(), removeUpTo } }));
        void run();
      });
    },

    setAuto(auto: boolean): Promise<void> {
      return serially(async () => {
        const config = await storedConfig();
        if (config) await backupConfigItem.setValue({ ...config, auto });
        await rearm();
      });
    },

    /** Forgets the backup here: its place, secrets and status. Nothing on the target is removed. */
    forget(): Promise<void> {
      return serially(async () => {
        await forgetBackupSecrets();
        await backupConfigItem.removeValue();
        await backupStatusItem.removeValue();
        await partsUploadItem.removeValue();
        await deps.alarm.at(undefined);
      });
    },
  };
}

export type BackupService = ReturnType<typeof createBackupService>;
