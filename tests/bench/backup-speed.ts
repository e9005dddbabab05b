/**
 * Issue #37: kept copies backed up to each loopback target (Debian's Apache WebDAV, and radosgw for S3),
 * against the same bytes uploaded without the extension: plain PUTs from a page of the same browser, one
 * after another, as the backup sends them, of bodies made (and, for S3, signed) before the clock starts. The backup's own time runs from its run's start (`last.at`,
 * after the set-up stretched the passphrase) to the status saying it finished.
 *
 * Measured twice per target: on a 25 MB/s line (a 200 Mbit/s uplink, faster than most people's), where the question is
 * whether the backup keeps the line busy; and straight to the server, where the line costs nothing and the
 * figure is what reading, sealing and handing over the copies costs the browser on this machine.
 */
import { chmodSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { AwsV4Signer } from 'aws4fetch';
import type { BackupPlace, BackupStatus } from '../../utils/backup/backup-schema';
import { sendFrom } from '../e2e/support/setup';
import { type SeedCopy, writeKeptCopies } from '../support/copies-probe';
import { startS3Server } from '../support/s3-server';
import { startThrottledProxy } from '../support/throttled-proxy';
import { startWebdavServer, WEBDAV_PASSWORD, WEBDAV_USER } from '../support/webdav-server';
import { round } from './report';

export const BACKUP_BENCH = { copies: 50, copyBytes: 5 * 1024 * 1024, lineBytesPerSec: 25 * 1024 * 1024 };

export interface Upload {
  bytes: number;
  ms: number;
  bytesPerSec: number;
}

export interface BackupSpeed {
  kind: BackupPlace['kind'];
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

/** One plain PUT, made ready (signed, where the place signs) before the clock starts. */
interface PlainPut {
  url: string;
  headers: Record<string, string>;
}

/** A loopback server the bench backs up to: the backup's place there, and plain PUTs beside it. */
interface BenchServer {
  kind: BackupPlace['kind'];
  /** The server's own port, which a line is put in front of. */
  port: number;
  /** `count` plain PUTs into a new folder `name`, through `port`. */
  plainPuts(port: number, name: string, count: number): Promise<PlainPut[]>;
  /** The backup's place in a new folder `name`, through `port`, and its password or secret key. */
  place(port: number, name: string): { place: BackupPlace; credential: string };
  close(): Promise<void>;
}

async function webdavServer(): Promise<BenchServer> {
  const dav = await startWebdavServer();
  const folder = (port: number, name: string) => {
    const dir = path.join(dav.root, name);
    mkdirSync(dir, { recursive: true });
    chmodSync(dir, 0o777);
    return `http://127.0.0.1:${port}/dav/${name}/`;
  };
  const authorization = `Basic ${Buffer.from(`${WEBDAV_USER}:${WEBDAV_PASSWORD}`).toString('base64')}`;
  return {
    kind: 'webdav',
    port: Number(new URL(dav.origin).port),
    async plainPuts(port, name, count) {
      const url = folder(port, name);
      return Array.from({ length: count }, (_, n) => ({ url: `${url}${n}`, headers: { authorization } }));
    },
    place: (port, name) => ({
      place: { kind: 'webdav', url: folder(port, name), username: WEBDAV_USER },
      credential: WEBDAV_PASSWORD,
    }),
    close: () => dav.close(),
  };
}

/** radosgw: plain PUTs signed as the backup signs its own (SigV4, UNSIGNED-PAYLOAD), ahead of time. */
async function s3Server(): Promise<BenchServer> {
  const s3 = await startS3Server();
  const bucket = 'bench';
  await s3.makeBucket(bucket);
  const endpointAt = (port: number) => `http://127.0.0.1:${port}`;
  return {
    kind: 's3',
    port: Number(new URL(s3.endpoint).port),
    plainPuts: (port, name, count) =>
      Promise.all(
        Array.from({ length: count }, async (_, n) => {
          const signed = await new AwsV4Signer({
            method: 'PUT',
            url: `${endpointAt(port)}/${bucket}/${name}/${n}`,
            headers: { 'Content-Type': 'application/octet-stream' },
            accessKeyId: s3.accessKeyId,
            secretAccessKey: s3.secretAccessKey,
            service: 's3',
            region: s3.region,
          }).sign();
          return { url: signed.url.href, headers: Object.fromEntries(signed.headers) };
        }),
      ),
    place: (port, name) => ({
      place: {
        kind: 's3',
        endpoint: endpointAt(port),
        region: s3.region,
        bucket,
        prefix: name,
        accessKeyId: s3.accessKeyId,
      },
      credential: s3.secretAccessKey,
    }),
    close: () => s3.close(),
  };
}

const benchServers = { webdav: webdavServer, s3: s3Server } satisfies Record<
  BackupPlace['kind'],
  () => Promise<BenchServer>
>;

/** The same bytes as plain PUTs from the page, one after another; bodies made before the clock starts. */
function plainUploads(page: Page, puts: PlainPut[], size: number): Promise<number> {
  return page.evaluate(
    async ({ puts, size }) => {
      // Blobs, as the backup sends: Chromium copies an ArrayBuffer body into the request far more slowly.
      const bodies = puts.map((_, n) => new Blob([new Uint8Array(size).fill(n)]));
      const started = performance.now();
      for (const [n, { url, headers }] of puts.entries()) {
        const response = await fetch(url, { method: 'PUT', body: bodies[n], headers });
        if (!response.ok) throw new Error(`a plain PUT answered ${response.status}`);
      }
      return performance.now() - started;
    },
    { puts, size },
  );
}

/** Sets the backup up from the page, as the options page does, and waits for its first run to finish. */
async function firstBackup(
  page: Page,
  { place, credential }: { place: BackupPlace; credential: string },
): Promise<{ ms: number; bytes: number; items: number }> {
  const asked = Date.now();
  const answer = await sendFrom(page, {
    type: 'setUpBackup',
    place,
    credential,
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
async function seedBenchCopies(page: Page, { copies, copyBytes }: { copies: number; copyBytes: number }) {
  const list: SeedCopy[] = Array.from({ length: copies }, (_, n) => ({
    entryId: `bench-backup-${n}`,
    size: copyBytes,
    seed: n,
  }));
  await page.evaluate(writeKeptCopies, list);
}

/**
 * The seeded copies uploaded plainly, then backed up, each to a new folder of a new server of this kind,
 * through a line of this speed.
 */
async function backupSpeed(
  page: Page,
  kind: BackupPlace['kind'],
  { copies, copyBytes }: { copies: number; copyBytes: number },
  lineBytesPerSec: number | undefined,
): Promise<BackupSpeed> {
  const server = await benchServers[kind]();
  const line = lineBytesPerSec ? await startThrottledProxy(server.port, lineBytesPerSec) : undefined;
  try {
    const port = line?.port ?? server.port;
    const rawMs = await plainUploads(page, await server.plainPuts(port, 'plain', copies), copyBytes);
    const raw = upload(copies * copyBytes, rawMs);
    const run = await firstBackup(page, server.place(port, 'backup'));
    const backup = { ...upload(run.bytes, run.ms), items: run.items };
    return {
      kind,
      copies,
      copyBytes,
      lineBytesPerSec,
      raw,
      backup,
      ratio: round(backup.bytesPerSec / raw.bytesPerSec, 2),
    };
  } finally {
    await line?.close();
    await server.close();
  }
}

export type BackupSpeeds = Record<BackupPlace['kind'], { onLine: BackupSpeed; straight: BackupSpeed }>;

/** The bench's copies seeded, then backed up to each kind of target, on the line and straight. */
export async function backupSpeeds(page: Page): Promise<BackupSpeeds> {
  await seedBenchCopies(page, BACKUP_BENCH);
  const both = async (kind: BackupPlace['kind']) => ({
    onLine: await backupSpeed(page, kind, BACKUP_BENCH, BACKUP_BENCH.lineBytesPerSec),
    straight: await backupSpeed(page, kind, BACKUP_BENCH, undefined),
  });
  return { webdav: await both('webdav'), s3: await both('s3') };
}
