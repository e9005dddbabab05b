/**
 * Issue #37: kept copies backed up to Debian's Apache WebDAV on loopback, against the same bytes uploaded
 * without the extension: plain PUTs from a page of the same browser, one after another, as the backup sends
 * them, of bodies made before the clock starts. The backup's own time runs from its run's start (`last.at`,
 * after the set-up stretched the passphrase) to the status saying it finished.
 *
 * Measured twice: on a 25 MB/s line (a 200 Mbit/s uplink, faster than most people's), where the question is
 * whether the backup keeps the line busy; and straight to the server, where the line costs nothing and the
 * figure is what reading, sealing and handing over the copies costs the browser on this machine.
 */
import { chmodSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { BackupStatus } from '../../utils/backup/backup-schema';
import { sendFrom } from '../e2e/support/setup';
import { type SeedCopy, writeKeptCopies } from '../support/copies-probe';
import { startThrottledProxy } from '../support/throttled-proxy';
import { startWebdavServer, WEBDAV_PASSWORD, WEBDAV_USER, type WebdavServer } from '../support/webdav-server';
import { round } from './report';

export const BACKUP_BENCH = { copies: 50, copyBytes: 5 * 1024 * 1024, lineBytesPerSec: 25 * 1024 * 1024 };

export interface Upload {
  bytes: number;
  ms: number;
  bytesPerSec: number;
}

export interface BackupSpeed {
  copies: number;
  copyBytes: number;
  /** The line's speed, or undefined straight to the server. */
  lineBytesPerSec: number | undefined;
  /** The copies' bytes PUT by a page, without the extension. */
  raw: Upload;
  /** The backup's first run: every item, the copies sealed, and its manifest. */
  backup: Upload & { items: number };
  /** The backup's speed as a share of the plain uploads'. */
  ratio: number;
}

const upload = (bytes: number, ms: number): Upload => ({
  bytes,
  ms: round(ms, 0),
  bytesPerSec: round((bytes / ms) * 1000, 0),
});

/** A new folder on the server, and its address through `port` (the line's, or the server's own). */
function folder(dav: WebdavServer, port: number, name: string): string {
  const dir = path.join(dav.root, name);
  mkdirSync(dir);
  chmodSync(dir, 0o777);
  return `http://127.0.0.1:${port}/dav/${name}/`;
}

/** The same bytes as plain PUTs from the page, one after another; bodies made before the clock starts. */
function plainUploads(page: Page, url: string, sizes: number[]): Promise<number> {
  const auth = `Basic ${Buffer.from(`${WEBDAV_USER}:${WEBDAV_PASSWORD}`).toString('base64')}`;
  return page.evaluate(
    async ({ url, auth, sizes }) => {
      // Blobs, as the backup sends: Chromium copies an ArrayBuffer body into the request far more slowly.
      const bodies = sizes.map((size, n) => new Blob([new Uint8Array(size).fill(n)]));
      const started = performance.now();
      for (const [n, body] of bodies.entries()) {
        const response = await fetch(`${url}${n}`, { method: 'PUT', body, headers: { authorization: auth } });
        if (!response.ok) throw new Error(`a plain PUT answered ${response.status}`);
      }
      return performance.now() - started;
    },
    { url, auth, sizes },
  );
}

/** Sets the backup up from the page, as the options page does, and waits for its first run to finish. */
async function firstBackup(page: Page, url: string): Promise<{ ms: number; bytes: number; items: number }> {
  const asked = Date.now();
  const answer = await sendFrom(page, {
    type: 'setUpBackup',
    place: { kind: 'webdav', url, username: WEBDAV_USER },
    credential: WEBDAV_PASSWORD,
    passphrase: 'bench backup passphrase',
    auto: false,
  });
  if (!answer.ok) throw new Error(`setUpBackup failed: ${answer.error.message}`);
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    const { backupStatus } = (await page.evaluate(() => chrome.storage.local.get('backupStatus'))) as {
      backupStatus?: BackupStatus;
    };
    const seenAt = Date.now();
    if (backupStatus?.failure) throw new Error(`the backup failed: ${backupStatus.failure.error.message}`);
    const last = backupStatus?.last;
    // A backup set up before, somewhere else, left its own last run.
    if (last && last.at >= asked)
      return { ms: seenAt - last.at, bytes: last.sent.bytes, items: last.sent.items };
    if (seenAt > deadline) throw new Error('the backup did not finish in 10 minutes');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Kept copies for `backupSpeed`, put where the extension keeps them: once, for every measurement. */
export async function seedBenchCopies(
  page: Page,
  { copies, copyBytes }: { copies: number; copyBytes: number },
) {
  const list: SeedCopy[] = Array.from({ length: copies }, (_, n) => ({
    entryId: `bench-backup-${n}`,
    size: copyBytes,
    seed: n,
  }));
  await page.evaluate(writeKeptCopies, list);
}

/** The seeded copies uploaded plainly, then backed up, each to a new folder, through a line of this speed. */
export async function backupSpeed(
  page: Page,
  { copies, copyBytes }: { copies: number; copyBytes: number },
  lineBytesPerSec: number | undefined,
): Promise<BackupSpeed> {
  const dav = await startWebdavServer();
  const davPort = Number(new URL(dav.origin).port);
  const line = lineBytesPerSec ? await startThrottledProxy(davPort, lineBytesPerSec) : undefined;
  try {
    const port = line?.port ?? davPort;
    const sizes = Array.from({ length: copies }, () => copyBytes);
    const rawMs = await plainUploads(page, folder(dav, port, 'plain'), sizes);
    const raw = upload(
      sizes.reduce((sum, size) => sum + size, 0),
      rawMs,
    );
    const run = await firstBackup(page, folder(dav, port, 'backup'));
    const backup = { ...upload(run.bytes, run.ms), items: run.items };
    return {
      copies,
      copyBytes,
      lineBytesPerSec,
      raw,
      backup,
      ratio: round(backup.bytesPerSec / raw.bytesPerSec, 2),
    };
  } finally {
    await line?.close();
    await dav.close();
  }
}
