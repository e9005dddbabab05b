import type * as z from 'zod/mini';
import { keptIndexes, type RestoredFile, restoreCopy } from '../../copies/copies';
import type { MediaDb } from '../../copies/media-db';
import type { HistoryDb } from '../../history/history-db';
import type { HistoryEntry } from '../../history/schema';
import type { HistoryStore, ImportOutcome } from '../../history/store';
import { request } from '../../idb/request';
import { done } from '../../idb/transaction';
import { appendCharges } from '../../spend/ledger-db';
import {
  bucketSchema,
  COPIES_ITEM,
  type CopyRecord,
  copyItem,
  copyRecordsSchema,
  LEDGER_ITEM,
  type LedgerItem,
  ledgerItemSchema,
  MAX_BACKUP_ENTRIES,
  SETUP_ITEM,
  type SetupItem,
  setupItemSchema,
} from '../backup-items';
import type { BackupKeys } from '../backup-keys';
import { readItem } from '../backup-objects';
import type { Manifest } from '../backup-plan';
import { type BackupTarget, targetError } from '../target';

export interface RestoreProgress {
  /** Copies' plain bytes to bring back, and how many are here. */
  bytes: number;
  doneBytes: number;
}

export interface RestoreDeps {
  target: BackupTarget;
  keys: BackupKeys;
  history: Pick<HistoryStore, 'importMissing'>;
  historyDb: () => Promise<HistoryDb>;
  mediaDb: () => Promise<MediaDb>;
  /** Stores the backed-up settings, profiles and library as this browser's, each checked as stored items are. */
  applySetup: (setup: SetupItem) => Promise<void>;
  /** The history's cap, and how many stored entries the person allowed a restore to push out. */
  allowed: () => Promise<{ limit: number; removeUpTo: number }>;
  now: () => number;
  onProgress?: (progress: RestoreProgress) => void;
  signal?: AbortSignal;
}

export interface RestoreOutcome {
  /** What the history import did: when not applied, it would push out more entries than allowed. */
  history: ImportOutcome;
  /** Charges added to the ledger (those already here are not counted twice). */
  charges: number;
  /** Copies brought back whole. */
  copies: number;
}

/**
 * Brings a backup into this browser, merged with what it holds: the setup, the ledger, the history (entries
 * already here are kept as they are), then the kept copies of restored entries. Every step skips what is
 * here already, so a restore stopped anywhere is continued by running it again. Nothing here is removed,
 * but the entries the person allowed the history's cap to push out.
 */
export async function restoreBackup(deps: RestoreDeps, manifest: Manifest): Promise<RestoreOutcome> {
  const read = async <T>(logical: string, schema: z.ZodMiniType<T>): Promise<T | undefined> => {
    deps.signal?.throwIfAborted();
    const item = manifest.items[logical];
    const bytes = item && (await readItem(deps.target, deps.keys, item));
    if (!bytes) return undefined;
    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      throw targetError('malformed');
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw targetError('malformed');
    return parsed.data;
  };

  const setup = await read(SETUP_ITEM, setupItemSchema);
  if (setup) await deps.applySetup(setup);
  const ledger = await read(LEDGER_ITEM, ledgerItemSchema);
  const charges = ledger ? await mergeLedger(await deps.historyDb(), ledger) : 0;

  const entries: HistoryEntry[] = [];
  for (const logical of Object.keys(manifest.items)) {
    if (!logical.startsWith('entries/')) continue;
    entries.push(...((await read(logical, bucketSchema)) ?? []));
    if (entries.length > MAX_BACKUP_ENTRIES) throw targetError('malformed');
  }
  // Newest first, as the history orders what it adds.
  entries.sort((a, b) => b.createdAt - a.createdAt);
  const history = await deps.history.importMissing(entries, await deps.allowed());
  if (!history.applied) return { history, charges, copies: 0 };

  const restored = new Set(entries.map((entry) => entry.id));
  const records = ((await read(COPIES_ITEM, copyRecordsSchema)) ?? []).filter((record) =>
    restored.has(record.entryId),
  );
  const copies = await restoreCopies(deps, manifest, records);
  return { history, charges, copies };
}

/**
 * Adds the backed-up charges this ledger lacks (each adds to its day's sum and its price, as a new one does),
 * and the sums of days whose charges were compacted away (LEDGER_KEEP_MONTHS) where this ledger has none.
 */
async function mergeLedger(db: HistoryDb, ledger: LedgerItem): Promise<number> {
  const tx = db.transaction(['ledger', 'spendDays', 'prices'], 'readwrite');
  const committed = done(tx);
  const stores = {
    ledger: tx.objectStore('ledger'),
    spendDays: tx.objectStore('spendDays'),
    prices: tx.objectStore('prices'),
  };
  const before = await request(stores.ledger.count());
  await appendCharges(stores, ledger.charges);
  const charged = new Set(ledger.charges.map((charge) => `${charge.profile}\n${charge.day}`));
  for (const sum of ledger.days) {
    if (charged.has(`${sum.profile}\n${sum.day}`)) continue;
    if ((await request(stores.spendDays.getKey([sum.profile, sum.day]))) === undefined)
      await request(stores.spendDays.add(sum));
  }
  const after = await request(stores.ledger.count());
  await committed;
  return after - before;
}

async function restoreCopies(deps: RestoreDeps, manifest: Manifest, records: readonly CopyRecord[]) {
  const byEntry = new Map<string, CopyRecord[]>();
  for (const record of records) byEntry.set(record.entryId, [...(byEntry.get(record.entryId) ?? []), record]);
  const db = await deps.mediaDb();
  const progress: RestoreProgress = {
    bytes: records.reduce((sum, record) => sum + record.bytes, 0),
    doneBytes: 0,
  };
  deps.onProgress?.({ ...progress });
  let copies = 0;
  for (const [entryId, files] of byEntry) {
    const kept = await keptIndexes(entryId, db);
    const missing: RestoredFile[] = [];
    for (const file of files) {
      if (kept.has(file.index)) continue;
      deps.signal?.throwIfAborted();
      const item = manifest.items[copyItem(entryId, file.index)];
      const bytes = item && (await readItem(deps.target, deps.keys, item));
      if (!bytes) break;
      missing.push({
        index: file.index,
        url: file.url,
        bytes,
        ...(file.keptAt === undefined ? {} : { keptAt: file.keptAt }),
      });
    }
    // A copy the backup lost part of stays with the service's URLs, as an entry never kept does.
    if (missing.length > 0 && kept.size + missing.length === files.length) {
      await restoreCopy(entryId, files.length, missing, { db, now: deps.now });
      copies++;
    }
    progress.doneBytes += files.reduce((sum, file) => sum + file.bytes, 0);
    deps.onProgress?.({ ...progress });
  }
  return copies;
}
