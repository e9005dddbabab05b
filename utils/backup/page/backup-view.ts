import type { ErrorInfo } from '../../error-info';
import type { BackupConfig, BackupPlace, BackupStatus } from '../backup-schema';

/*
 * The backup's stored config and status as the options page shows them. The background checks both with
 * their schemas; these plain checks (no zod in pages) only keep the page from painting what it cannot
 * show, should the items be damaged or from another version.
 */

type Shape = Record<string, unknown>;
const isObject = (value: unknown): value is Shape =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isText = (value: unknown): value is string => typeof value === 'string';

const isCounts = (value: unknown): value is { items: number; bytes: number } =>
  isObject(value) && isCount(value.items) && isCount(value.bytes);

function shownPlace(value: unknown): BackupPlace | undefined {
  if (!isObject(value)) return undefined;
  if (value.kind === 'webdav' && isText(value.url) && isText(value.username))
    return { kind: 'webdav', url: value.url, username: value.username };
  if (
    value.kind === 's3' &&
    [value.endpoint, value.region, value.bucket, value.prefix, value.accessKeyId].every(isText)
  )
    return value as BackupPlace;
  return undefined;
}

/** What the page shows of the config: where the backup goes, and whether it runs by itself. */
export interface ShownConfig {
  place: BackupPlace;
  auto: boolean;
  /** The backup opens with the key lock's passphrase. */
  keyLock: boolean;
}

export function shownBackupConfig(value: unknown): ShownConfig | null {
  const place = isObject(value) ? shownPlace(value.place) : undefined;
  return place && isObject(value)
    ? { place, auto: value.auto === true, keyLock: value.keyLock === true }
    : null;
}

const isError = (value: unknown): value is ErrorInfo => isObject(value) && isText(value.kind);

export function shownBackupStatus(value: unknown): BackupStatus {
  if (!isObject(value)) return { state: 'idle' };
  const state = value.state === 'backing-up' || value.state === 'restoring' ? value.state : 'idle';
  const status: BackupStatus = { state };
  const { progress, last, failure, restore } = value;
  if (isObject(progress) && isCounts(progress.total) && isCounts(progress.done))
    status.progress = { total: progress.total, done: progress.done };
  if (isObject(last) && isCount(last.at) && isCounts(last.held) && isCounts(last.sent))
    status.last = { at: last.at, held: last.held, sent: last.sent };
  if (isObject(failure) && isCount(failure.at) && isError(failure.error))
    status.failure = { at: failure.at, error: failure.error };
  if (value.locked === true) status.locked = true;
  if (isObject(restore) && isCount(restore.at)) {
    const done = restore.done;
    status.restore = {
      at: restore.at,
      removeUpTo: isCount(restore.removeUpTo) ? restore.removeUpTo : 0,
      ...(isCount(restore.removing) ? { removing: restore.removing } : {}),
      ...(isObject(done) && isCount(done.entries) && isCount(done.copies) && isCount(done.charges)
        ? { done: { entries: done.entries, copies: done.copies, charges: done.charges } }
        : {}),
    };
  }
  return status;
}

/** Where a place's requests go, as the page names it. */
export const placeAddress = (place: BackupPlace | BackupConfig['place']): string =>
  place.kind === 'webdav'
    ? place.url
    : `${place.endpoint.replace(/\/$/, '')}/${place.bucket}/${place.prefix}`;
