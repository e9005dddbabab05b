import type { ErrorInfo } from '../error-info';
import type { Library } from '../library/schema';
import type { Balance, KeyStatus } from '../messaging/protocol';
import type { Profiles } from '../profiles/schema';
import { DEFAULT_SETTINGS } from '../settings/defaults';
import type { Settings, VideoOptions } from '../settings/schema';
import { defineKeyedItem } from './keyed-item';

/**
 * Everything that must outlive the service worker, none of it secret (the key has its own module,
 * utils/keys/background/api-key.ts). Pages may read these for an instant first paint; only the background
 * writes them. No zod here, so pages that import this stay small.
 */

/**
 * Pages read this as it is; the background reads and writes through utils/settings/store.ts, which
 * repairs every read (so a shape stored by an older version needs no migration) and validates every write.
 */
export const settingsItem = defineKeyedItem<Settings>('local:settings', { fallback: DEFAULT_SETTINGS });

/**
 * The history as builds before #24 kept it: one array, newest first. Only the background's migration into
 * the history database (utils/history/background/migrate.ts) reads it, then removes it; nothing writes it any more.
 */
export const legacyHistoryItem = defineKeyedItem<unknown>('local:history', { fallback: undefined });

/**
 * Written by the background after each committed change of the history database, so pages learn of changes
 * by watching storage (never by polling, never waking a stopped worker) and read only the entries it names.
 */
export interface HistoryChanges {
  /** Counts up with each change: two changes of the same ids are still two changes. */
  seq: number;
  ids: string[];
  /** Many entries went at once: a page reads its screenful again. */
  cleared?: boolean;
}

export const historyChangesItem = defineKeyedItem<HistoryChanges>('local:historyChanges', {
  fallback: { seq: 0, ids: [] },
});

/** The service and key a balance was fetched for; the key is named by its id, never by itself. */
export interface BalanceAccount {
  origin: string;
  keyId: string;
}

export interface StoredBalance {
  balance: Balance | null;
  error?: ErrorInfo;
  /** Absent on figures stored before accounts were tagged: those are not shown for any account. */
  account?: BalanceAccount;
}

export const balanceItem = defineKeyedItem<StoredBalance>('local:balance', {
  fallback: { balance: null },
});

/** Which path form (/v1 or /api) answered for each base URL, so later calls skip the failing one. */
export const pathFormsItem = defineKeyedItem<Record<string, 'v1' | 'api'>>('local:pathForms', {
  fallback: {},
});

/**
 * What pages may know about the key, never the key itself: whether one is set for the configured service,
 * its last 4 characters (keys of 16 or more only) and the origin it belongs to. The background rewrites it
 * whenever the key or the service URL changes.
 */
export const keyStatusItem = defineKeyedItem<KeyStatus>('local:keyStatus', { fallback: { set: false } });

/**
 * A prompt sent to the side panel to be checked before it is generated (a context-menu selection). The
 * panel fills its form from it and asks the background to clear it, so each draft is taken once.
 */
export interface ComposerDraft {
  id: string;
  prompt: string;
  kind: 'image' | 'video';
  options: VideoOptions;
  /** A pinned library prompt's own model, sent instead of the profile's. */
  model?: string;
  createdAt: number;
}

export const composerDraftItem = defineKeyedItem<ComposerDraft | null>('local:composerDraft', {
  fallback: null,
});

/**
 * The person's service profiles and which one is active (utils/profiles/schema.ts). Null until the
 * background first writes it: until then the one configuration in the settings is the only profile.
 */
export const profilesItem = defineKeyedItem<Profiles | null>('local:profiles', { fallback: null });

/** The person's saved prompts (utils/library/schema.ts), in their order; written by the background only. */
export const libraryItem = defineKeyedItem<Library>('local:library', { fallback: { v: 1, prompts: [] } });

/** What the background's mirror of the settings, profiles and library in storage.sync knows (sync.ts). */
export interface SyncState {
  /** When each document this browser holds was written to storage.sync, by this browser or another. */
  at: Record<string, number>;
  /** The library's size in bytes while it is too large for storage.sync and kept in this browser only. */
  tooBig?: number;
  /** The browser refused the last write to storage.sync (quota or write rate); the next change retries. */
  paused?: boolean;
}

export const syncStateItem = defineKeyedItem<SyncState>('local:syncState', { fallback: { at: {} } });
