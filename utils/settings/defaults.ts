import type { Settings } from './schema';

/** Kept apart from the schema so pages can use the defaults without loading zod. */
export const DEFAULT_SETTINGS: Settings = {
  baseUrl: '',
  modelId: '',
  modelField: 'model',
  videoDefaults: { duration: 5, resolution: '720p', aspectRatio: '16:9', generateAudio: false },
  pollIntervalSec: 5,
  jobTimeoutMin: 30,
  requestTimeoutSec: 30,
  imageTimeoutSec: 300,
  keepCopies: true,
  copyCapMb: 1024,
  historyLimit: 10_000,
  historyDropAfterDays: 0,
  reviewSelection: false,
  promptInFiles: true,
  // The names files had before the template could be set.
  fileNameTemplate: 'promptcast-{date}-{prompt}-{n}',
  confirmBatchAbove: 10,
  dailyBudget: 0,
  monthlyBudget: 0,
  lowBalanceBelow: 0,
};

/**
 * What a setting added later is for a person whose settings were stored before it: an opt-in that a new
 * install gets on stays off for them until they turn it on.
 */
export const EARLIER_INSTALL_SETTINGS: Partial<Settings> = {
  promptInFiles: false,
};
