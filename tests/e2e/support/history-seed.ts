/**
 * A test's starting history, put where the extension keeps it. Most tests only need entries: `seedHistory`
 * writes them as the background would. Tests of damaged or old-shaped data use `seedLegacyHistory`: since
 * #24 such data reaches the extension only as an earlier build's storage.local array, which a starting
 * worker migrates (and repairs).
 */
import { expect } from '@playwright/test';
import type { HistoryEntry } from '../../../utils/history/schema';
import { type SeedCharge, writeAllHistory, writeCharges } from '../../support/history-probe';
import type { ExtensionUnderTest } from './extension';
import { EVENTUALLY, quietStored } from './probes';

/** Replaces the history with `entries` (newest first); open pages are told to read theirs again. */
export async function seedHistory(extension: ExtensionUnderTest, entries: HistoryEntry[]): Promise<void> {
  await (await extension.worker()).evaluate(writeAllHistory, entries);
}

/** Adds charges to the spend ledger, as the worker records what generations cost; open pages re-read. */
export async function seedCharges(extension: ExtensionUnderTest, charges: SeedCharge[]): Promise<void> {
  await (await extension.worker()).evaluate(writeCharges, charges);
}

/** The charges the entries' recorded costs would have made (a seeded history's spending). */
export function chargesOf(entries: readonly HistoryEntry[]): SeedCharge[] {
  return entries.flatMap((entry) =>
    entry.cost === undefined
      ? []
      : [
          {
            id: entry.id,
            profile: entry.profileId ?? 'profile-1',
            at: entry.createdAt,
            milli: Math.round(entry.cost * 1000),
            kind: entry.kind,
          },
        ],
  );
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
