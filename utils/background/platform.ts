import type { PathForm } from '../api/path-forms';
import type { HistoryBackend } from '../history/store';
import type { Timers } from '../jobs/tracker';
import type { DownloadFile } from '../media/download';
import type { KeyStatus } from '../messaging/protocol';
import type { Settings } from '../settings/schema';
import type { StoredBalance } from '../storage/items';
import type { Problem } from '../validation';
import type { AnnouncerDeps } from './notifications';
import type { StoredKey } from './stored-key';

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
  keyStatus: Item<KeyStatus>;
  balance: Item<StoredBalance>;
  pathForms: Item<Record<string, PathForm>>;
  history: HistoryBackend;
  canReach: (origin: string) => Promise<boolean>;
  /** Whether the extension may read these result files (host access to every media host they are on). */
  hasMediaAccess: (urls: readonly string[]) => Promise<boolean>;
  /** Saves files through the browser's downloads API; resolves once all are on disk. */
  download: (files: readonly DownloadFile[]) => Promise<void>;
  /** Gives back access to granted service origins other than `keep` (never the manifest's loopback ones). */
  releaseOrigins: (keep: readonly string[]) => Promise<void>;
  scheduleAlarm: (when: number | undefined) => Promise<void>;
  setBadge: (runningCount: number) => void;
  openTab: (url: string) => Promise<void>;
  openOptions: () => Promise<void>;
  /** Whether a popup is open to show a result itself, so a notification would be noise. */
  isPopupOpen: () => Promise<boolean>;
  /** The localized wording of an input problem. */
  describeProblem: (problem: Problem) => string;
  historyPageUrl: string;
  timers: Timers;
  fetch?: typeof fetch;
  pollConcurrency?: number;
}
