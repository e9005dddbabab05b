import { byId } from '../by-id';
import type { Copies, EntryCopy } from '../copies/copies-schema';
import { COPY_STATES } from '../copies/copy-states';
import type { ErrorInfo } from '../error-info';
import type { HistoryEntry } from '../history/schema';
import type { Balance, KeyStatus } from '../messaging/protocol';
import { DEFAULT_SETTINGS, EARLIER_INSTALL_SETTINGS } from '../settings/defaults';
import type { Settings } from '../settings/schema';
import type { StoredBalance } from '../storage/items';
import type { CachedView } from './snapshot';

/*
 * Pages paint what storage (or the popup's localStorage snapshot) holds, and that data may be damaged
 * or from another version. The background repairs it with the zod schemas; these plain checks, kept
 * without zod for the popup's bundle, only make sure a page renders nothing it cannot show: each value
 * is taken when it has the shape the components read, and left out otherwise.
 */

type Shape = Record<string, unknown>;

const isObject = (value: unknown): value is Shape =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string';
const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const optional = (value: unknown, check: (value: unknown) => boolean) => value === undefined || check(value);

const KINDS = new Set(['image', 'video']);
const STATUSES = new Set(['running', 'completed', 'failed']);

function isErrorInfo(value: unknown): value is ErrorInfo {
  return isObject(value) && isText(value.kind) && isText(value.message) && optional(value.detail, isText);
}

function isEntry(value: unknown): value is HistoryEntry {
  return (
    isObject(value) &&
    isText(value.id) &&
    KINDS.has(value.kind as string) &&
    STATUSES.has(value.status as string) &&
    isText(value.prompt) &&
    isText(value.model) &&
    Array.isArray(value.urls) &&
    value.urls.every(isText) &&
    isTime(value.createdAt) &&
    optional(value.finishedAt, isTime) &&
    optional(value.rawStatus, isText) &&
    optional(value.error, isErrorInfo)
  );
}

/**
 * The entries a page can show; anything else is left out. A list stored as an object (as damaged
 * storage can hold it) is read by its values, as the background's repair reads it.
 */
export function shownEntries(value: unknown): HistoryEntry[] {
  const items = Array.isArray(value) ? value : isObject(value) ? Object.values(value) : [];
  return items.filter(isEntry);
}

/** `stored`'s value of each plain field of `defaults` that has the default's type; the default for the rest. */
function sameTypes<T extends object>(defaults: T, stored: Shape): T {
  const shown: Shape = { ...(defaults as Shape) };
  for (const [key, fallback] of Object.entries(defaults)) {
    if (typeof fallback !== 'object' && typeof stored[key] === typeof fallback) shown[key] = stored[key];
  }
  return shown as T;
}

/** Each setting whose stored value has the default's type; the default for the rest. */
export function shownSettings(value: unknown): Settings {
  if (!isObject(value)) return DEFAULT_SETTINGS;
  // Settings stored before a setting was added are an earlier install's: its default is theirs.
  const video = isObject(value.videoDefaults) ? value.videoDefaults : {};
  return {
    ...sameTypes({ ...DEFAULT_SETTINGS, ...EARLIER_INSTALL_SETTINGS }, value),
    videoDefaults: sameTypes(DEFAULT_SETTINGS.videoDefaults, video),
  };
}

function shownBalance(value: unknown): Balance | null {
  return isObject(value) && isTime(value.value) && isTime(value.fetchedAt)
    ? { value: value.value, fetchedAt: value.fetchedAt }
    : null;
}

/** The stored balance, with its error and account, as far as each part is valid. */
export function shownStoredBalance(value: unknown): StoredBalance {
  if (!isObject(value)) return { balance: null };
  const account = value.account;
  return {
    balance: shownBalance(value.balance),
    ...(isErrorInfo(value.error) ? { error: value.error } : {}),
    ...(isObject(account) && isText(account.origin) && isText(account.keyId)
      ? { account: { origin: account.origin, keyId: account.keyId } }
      : {}),
  };
}

/** The key status; anything unreadable counts as "no key", which only asks the person to enter one. */
export function shownKeyStatus(value: unknown): KeyStatus {
  if (!isObject(value) || typeof value.set !== 'boolean') return { set: false };
  // `origins` is read even without a key for the active profile: other profiles' jobs go on with theirs.
  return {
    set: value.set,
    ...(isText(value.origin) ? { origin: value.origin } : {}),
    ...(isText(value.last4) && value.last4.length <= 4 ? { last4: value.last4 } : {}),
    ...(isObject(value.origins)
      ? {
          origins: byId(
            Object.entries(value.origins).filter((pair): pair is [string, string] => isText(pair[1])),
          ),
        }
      : {}),
    ...(value.lock === 'passphrase' || value.lock === 'session' ? { lock: value.lock } : {}),
    ...(value.locked === true ? { locked: true } : {}),
    ...(isCount(value.idleMin) ? { idleMin: value.idleMin } : {}),
  };
}

// Pure: the page shell imports this module for the snapshot's checks and never reads the copies, so its
// minifier may drop the set it would otherwise build at every open.
const KNOWN_COPY_STATES = /* @__PURE__ */ new Set<string>(COPY_STATES);
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

function isEntryCopy(value: unknown): value is EntryCopy {
  return (
    isObject(value) &&
    KNOWN_COPY_STATES.has(value.state as string) &&
    isCount(value.bytes) &&
    isCount(value.files) &&
    optional(value.error, isErrorInfo)
  );
}

/** Each entry's copy record that has the shape pages read, and the space used (0 when unreadable). */
export function shownCopies(value: unknown): Copies {
  if (!isObject(value)) return { entries: {}, usedBytes: 0 };
  const entries = isObject(value.entries) ? value.entries : {};
  return {
    entries: byId(
      Object.entries(entries).filter((pair): pair is [string, EntryCopy] => isEntryCopy(pair[1])),
    ),
    usedBytes: isCount(value.usedBytes) ? value.usedBytes : 0,
  };
}

/** A first-paint view from stored parts, each part shown only as far as it is valid. */
export function shownView(
  parts: Record<'settings' | 'history' | 'balance' | 'balanceError', unknown>,
): CachedView {
  return {
    settings: shownSettings(parts.settings),
    history: shownEntries(parts.history),
    balance: shownBalance(parts.balance),
    ...(isErrorInfo(parts.balanceError) ? { balanceError: parts.balanceError } : {}),
  };
}
