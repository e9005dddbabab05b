import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { AwsV4Signer } from 'aws4fetch';

/**
 * A real S3-compatible server for the backup tests: Ceph's RADOS Gateway from Debian (radosgw, on a one-node
 * cluster of one monitor and one in-memory OSD; installed by `.ci/run`), on loopback ports. It checks SigV4
 * signatures, pages listings past 1,000 keys and takes multipart uploads, as AWS does. Starting it takes
 * about two seconds (tests/support/s3-server/start.sh); each server has its own folder and ports.
 */
export interface S3Server {
  /** `http://127.0.0.1:<port>`: path-style buckets under it. */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Makes a bucket, as a person does in the provider's console before setting the backup up. */
  makeBucket(name: string): Promise<void>;
  /** A request signed with the server's own key: `path` is the bucket, key and query, `/b/k?uploads`. */
  signed(method: string, path: string): Promise<Response>;
  close(): Promise<void>;
}

export const S3_ACCESS_KEY = 'PROMPTCASTTESTKEY001';
export const S3_SECRET_KEY = 'promptcast-test-secret-0000000000000001';
const REGION = 'us-east-1';
const scripts = path.join(path.dirname(new URL(import.meta.url).pathname), 's3-server');
const run = promisify(execFile);

/**
 * A base port with the 11 after it free for the monitor and the OSD; start.sh refuses a taken one. Below
 * Linux's ephemeral range (32768 on), where the ports of outgoing connections would come and go.
 */
const somePort = () => 20_000 + 12 * Math.floor(Math.random() * 1_000);

/** Starts the cluster and its gateway in a folder of `dir`, on the first free ports found. */
async function startIn(dir: string): Promise<{ data: string; port: number }> {
  for (let attempt = 1; ; attempt++) {
    const port = somePort();
    const data = path.join(dir, `attempt-${attempt}`);
    try {
      await run(path.join(scripts, 'start.sh'), [data, String(port), S3_ACCESS_KEY, S3_SECRET_KEY], {
        timeout: 90_000,
      });
      return { data, port };
    } catch (error) {
      const text = String((error as { stderr?: string }).stderr ?? error);
      if (!text.includes('already in use') || attempt === 5)
        throw new Error(`radosgw did not start; is Debian's radosgw installed? ${text}`);
    }
  }
}

export async function startS3Server(): Promise<S3Server> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'promptcast-s3-'));
  const { data, port } = await startIn(dir);
  const endpoint = `http://127.0.0.1:${port}`;
  const signed = async (method: string, resource: string) => {
    const request = await new AwsV4Signer({
      method,
      url: `${endpoint}${resource}`,
      accessKeyId: S3_ACCESS_KEY,
      secretAccessKey: S3_SECRET_KEY,
      service: 's3',
      region: REGION,
    }).sign();
    return fetch(request.url, { method, headers: request.headers });
  };
  return {
    endpoint,
    region: REGION,
    accessKeyId: S3_ACCESS_KEY,
    secretAccessKey: S3_SECRET_KEY,
    async makeBucket(name) {
      const response = await signed('PUT', `/${name}`);
      if (response.status !== 200)
        throw new Error(`making bucket ${name}: ${response.status} ${await response.text()}`);
    },
    signed,
    async close() {
      await run(path.join(scripts, 'stop.sh'), [data]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
