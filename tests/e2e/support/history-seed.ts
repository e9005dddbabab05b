/**
 * A test's starting history, put where the extension keeps it. Most tests only need entries: `seedHistory`
 * writes them as the background would. Tests of damaged or old-shaped data use `seedLegacyHistory`: since
 * #24 such data reaches the extension only as an earlier build's storage.local array, which a starting
 * worker migrates (and repairs).
 */
import { expect } from '@playwright/test';
import type { HistoryEntry } from '../../../utils/history/schema';
import { writeAllHistory } from '../../support/history-probe';
import type { ExtensionUnderTest } from './extension';
import { EVENTUALLY, quietStored } from './probes';

/** Replaces the history with `entries` (newest first); open pages are told to read theirs again. */
export async function seedHistory(extension: ExtensionUnderTest, entries: HistoryEntry[]): Promise<void> {
  await (await extension.worker()).evaluate(writeAllHistory, entries);
}

/**
 * Replaces the history with `stored` as an earlier build left it in storage.local (any shape), then stops
 * the worker and starts the next one, as after an update, and waits until it has migrated the array.
 */
export async function seedLegacyHistory(extension: ExtensionUnderTest, stored: unknown): Promise<void> {
  const worker = await extension.worker();
  await worker.evaluate(writeAllHistory, []);
  await worker.evaluate((history) => chrome.storage.local.set({ history }), stored);
  await extension.stopWorker();
  await extension.worker();
  await expect
    .poll(() => quietStored(extension, 'history'), {
      ...EVENTUALLY,
      message: 'the legacy history was never migrated',
    })
    .toBeUndefined();
}
