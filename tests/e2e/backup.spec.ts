import { chmodSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { BackupStatus } from '../../utils/backup/backup-schema';
import type { HistoryEntry } from '../../utils/history/schema';
import { DEMO_API_KEY } from '../reference-service/server';
import { startThrottledProxy, type ThrottledProxy } from '../support/throttled-proxy';
import { startWebdavServer, WEBDAV_PASSWORD, WEBDAV_USER, type WebdavServer } from '../support/webdav-server';
import { BackupSection } from './pages/backup';
import { digestOf, keptCopyDigests, type SeedCopy, seededBytes, seedKeptCopies } from './support/copies-seed';
import { ExtensionUnderTest } from './support/extension';
import { expect, test } from './support/fixtures';
import { chargesOf, seedCharges, seedHistory } from './support/history-seed';
import { historyOf, quietStored } from './support/probes';
import { configure, sendFrom } from './support/setup';

/**
 * The backup as a person uses it, against Debian's Apache with mod_dav behind a 1.5 MB/s line: set up on the
 * options page, the worker stopped mid-upload and the backup finished by its alarm with no page open, then
 * restored in a new browser profile, where a wrong passphrase restores nothing.
 */
const MB = 1024 * 1024;
const PASSPHRASE = 'grey herons at dawn';
const ENTRIES = 300;
const COPIES: SeedCopy[] = Array.from({ length: 8 }, (_, i) => ({
  entryId: `entry-${i}`,
  size: 3 * MB + i,
  seed: i,
}));

let dav: WebdavServer;
let line: ThrottledProxy;
test.beforeAll(async () => {
  dav = await startWebdavServer();
  line = await startThrottledProxy(Number(new URL(dav.origin).port), 1.5 * MB);
});
test.afterAll(async () => {
  await line.close();
  await dav.close();
});

const history = (now: number): HistoryEntry[] =>
  Array.from({ length: ENTRIES }, (_, i) => ({
    id: `entry-${i}`,
    kind: 'image',
    prompt: `a grey heron at dawn, number ${i}`,
    model: 'flux',
    source: 'popup',
    status: 'completed',
    urls: [`https://media.example/entry-${i}.png`],
    createdAt: now - i * 60_000,
    cost: 1.5,
    ...(i % 7 === 0 ? { favourite: true as const } : {}),
    ...(i % 11 === 0 ? { collections: ['herons'] } : {}),
  }));

/** A backup status as the worker wrote it, read without waking the worker. */
const statusOf = async (extension: ExtensionUnderTest) =>
  (await quietStored(extension, 'backupStatus')) as BackupStatus | undefined;

test('backed up to WebDAV with the worker stopped mid-upload, restored in a new profile: copies byte for byte, favourites, collections, the library, the ledger; a wrong passphrase restores nothing', async ({
  extension,
  service,
}) => {
  test.setTimeout(240_000);
  const folder = path.join(dav.root, 'e2e');
  mkdirSync(folder);
  chmodSync(folder, 0o777);
  const place = {
    url: `http://127.0.0.1:${line.port}/dav/e2e/`,
    username: WEBDAV_USER,
    password: WEBDAV_PASSWORD,
  };
  const options = await configure(extension, service);
  const entries = history(Date.now());
  await seedHistory(extension, entries);
  await seedCharges(extension, chargesOf(entries));
  await seedKeptCopies(extension, COPIES);
  await sendFrom(options, {
    type: 'savePrompt',
    prompt: { name: 'Heron at dawn', text: 'a grey heron at dawn, mist', tags: ['birds'], kind: 'image' },
  });

  const backup = await BackupSection.open(extension);
  await backup.setUp({ ...place, passphrase: PASSPHRASE });
  await expect(backup.section.getByText(`Backs up to ${place.url}.`)).toBeVisible();
  await expect(backup.section.getByText(/Backing up: \d+ of \d+ items/)).toBeVisible();
  // Part of the 25 MB are on the storage: the worker is stopped, and only its alarm can wake it.
  await expect.poll(() => line.uploaded, { timeout: 30_000 }).toBeGreaterThan(6 * MB);
  for (const page of extension.context.pages()) await page.close();
  await extension.stopWorker();
  const cutAt = line.uploaded;
  expect(cutAt).toBeLessThan(20 * MB);
  await expect
    .poll(async () => (await statusOf(extension))?.last?.held.items ?? 0, {
      timeout: 90_000,
      intervals: [1_000],
    })
    .toBe(64 + 1 + COPIES.length + 2);
  // The run after the stop sent what was missing, not everything again: at least one whole copy was there.
  const last = (await statusOf(extension))?.last;
  expect((last?.held.bytes ?? 0) - (last?.sent.bytes ?? 0)).toBeGreaterThanOrEqual(3 * MB);

  // What the storage holds: random names, and nothing a person typed or the service named, in the clear.
  const files = readdirSync(folder);
  expect(
    files.filter((name) => name !== 'promptcast-backup.json').every((name) => /^[0-9a-f]{32}$/.test(name)),
  ).toBe(true);
  for (const name of files) {
    const bytes = readFileSync(path.join(folder, name));
    for (const secret of [
      'heron',
      'entry-1',
      'media.example',
      'Heron at dawn',
      PASSPHRASE,
      WEBDAV_PASSWORD,
      DEMO_API_KEY,
    ])
      expect(bytes.includes(Buffer.from(secret)), `${name} holds “${secret}”`).toBe(false);
  }

  // A new browser profile.
  const fresh = await ExtensionUnderTest.launch();
  try {
    const restore = await BackupSection.open(fresh);
    await restore.preview({ ...place, passphrase: 'not the passphrase' });
    await expect(
      restore.restore.getByText('The passphrase is wrong, or the locked data is damaged.'),
    ).toBeVisible();
    await expect(restore.restore.getByTestId('restore-preview')).toHaveCount(0);
    expect(await historyOf(fresh)).toHaveLength(0);

    await restore.restore.getByLabel('Backup passphrase').fill(PASSPHRASE);
    await restore.restore.getByRole('button', { name: 'Show what it holds' }).click();
    await expect(restore.restore.getByTestId('restore-preview')).toContainText(
      `This backup holds ${ENTRIES} entries and ${COPIES.length} kept copies`,
    );
    await restore.restore.getByRole('button', { name: 'Restore it here' }).click();
    await expect(
      restore.section.getByText(`Restored ${ENTRIES} entries, ${COPIES.length} kept copies`),
    ).toBeVisible({
      timeout: 60_000,
    });

    const restored = await historyOf(fresh);
    expect(restored.map((entry) => entry.id).sort()).toEqual(entries.map((entry) => entry.id).sort());
    expect(restored.filter((entry) => entry.favourite)).toHaveLength(
      entries.filter((entry) => entry.favourite).length,
    );
    expect(restored.filter((entry) => entry.collections?.includes('herons'))).toHaveLength(
      entries.filter((entry) => entry.collections).length,
    );
    const digests = await keptCopyDigests(fresh);
    for (const copy of COPIES) expect(digests[copy.entryId], copy.entryId).toBe(digestOf(seededBytes(copy)));
    const library = (await quietStored(fresh, 'library')) as { prompts: { name: string }[] };
    expect(library.prompts.map((prompt) => prompt.name)).toEqual(['Heron at dawn']);
    const page = await fresh.context.newPage();
    await page.goto(`${fresh.origin}/manifest.json`);
    const charges = await page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('promptcast-history');
          open.onsuccess = () => {
            const count = open.result.transaction('ledger').objectStore('ledger').count();
            count.onsuccess = () => resolve(count.result);
            count.onerror = () => reject(count.error);
          };
          open.onerror = () => reject(open.error);
        }),
    );
    expect(charges).toBe(ENTRIES);
    await page.close();
  } finally {
    await fresh.close();
  }
});
