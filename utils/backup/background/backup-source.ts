import { readStoredCopyBytes } from '../../copies/copy-reader';
import { allFiles } from '../../copies/copy-store';
import type { MediaDb, StoredFile } from '../../copies/media-db';
import type { HistoryDb } from '../../history/history-db';
import type { HistoryStore } from '../../history/store';
import { request } from '../../idb/request';
import {
  COPIES_ITEM,
  type CopyRecord,
  copyItem,
  LEDGER_ITEM,
  type LedgerItem,
  SETUP_ITEM,
  type SetupItem,
} from '../backup-items';
import type { BackupSource, SourceItem } from '../backup-run';
import { entryBucketItems, sha256Hex } from '../local-items';

/**
 * What this browser holds, as the items a backup run sends (backup-plan.ts). Only each item's digest is
 * worked out here; its bytes are read when it is sent, so an unchanged 20 MB copy is never read at all.
 */
export interface BackupSourceDeps {
  history: Pick<HistoryStore, 'read'>;
  historyDb: () => Promise<HistoryDb>;
  mediaDb: () => Promise<MediaDb>;
  /** The settings, the profiles (without keys, which live elsewhere) and the library, as stored. */
  setup: () => Promise<SetupItem>;
}

const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

/** An item held in memory: its digest is of its bytes. */
async function inMemory(logical: string, value: unknown): Promise<SourceItem> {
  const bytes = encode(value);
  return { logical, digest: await sha256Hex(bytes), size: bytes.length, read: async () => bytes };
}

const fileRecord = ({ entryId, index, url, contentType, bytes, keptAt }: StoredFile): CopyRecord => ({
  entryId,
  index,
  url,
  contentType,
  bytes,
  ...(keptAt === undefined ? {} : { keptAt }),
});

const byKey = (a: StoredFile, b: StoredFile) =>
  a.entryId < b.entryId ? -1 : a.entryId > b.entryId ? 1 : a.index - b.index;

export async function localBackupSource(deps: BackupSourceDeps): Promise<BackupSource> {
  const [entries, historyDb, mediaDb, setup] = await Promise.all([
    deps.history.read(),
    deps.historyDb(),
    deps.mediaDb(),
    deps.setup(),
  ]);
  const items: SourceItem[] = (await entryBucketItems(entries)).map(({ bytes, ...item }) => ({
    ...item,
    read: async () => bytes,
  }));

  const kept = (await allFiles(mediaDb)).filter((file) => file.complete).sort(byKey);
  items.push(await inMemory(COPIES_ITEM, kept.map(fileRecord)));
  for (const file of kept) {
    items.push({
      logical: copyItem(file.entryId, file.index),
      // A kept file never changes: what identifies it stands for its bytes, which are read only when sent.
      digest: await sha256Hex(encode(fileRecord(file))),
      size: file.bytes,
      read: () => readStoredCopyBytes(mediaDb, file.entryId, file.index),
    });
  }

  // Prices are not backed up: a restore works them out again from the charges it adds.
  const tx = historyDb.transaction(['ledger', 'spendDays']);
  const [charges, days] = await Promise.all([
    request(tx.objectStore('ledger').getAll()),
    request(tx.objectStore('spendDays').getAll()),
  ]);
  // Read in key order, so an unchanged ledger gives the same bytes.
  const ledger: LedgerItem = { charges, days };
  items.push(await inMemory(LEDGER_ITEM, ledger));
  items.push(await inMemory(SETUP_ITEM, setup));
  return { entries: entries.length, items };
}
