import { afterAll, beforeAll } from 'vitest';
import { s3Target } from '../../../utils/backup/s3-target';
import type { TargetDeps } from '../../../utils/backup/target-http';
import { type S3Server, startS3Server } from '../../support/s3-server';

/**
 * One S3-compatible server (Ceph's radosgw from Debian) for the whole test file. `bucket` makes a fresh
 * bucket on it and returns the target writing there under `prefix`, with these credentials.
 */
export function s3ServerForFile() {
  let current: S3Server | undefined;
  beforeAll(async () => {
    current = await startS3Server();
  }, 120_000);
  afterAll(() => current?.close());
  const server = (): S3Server => {
    if (!current) throw new Error('The S3 server starts in beforeAll; use it inside tests.');
    return current;
  };
  let buckets = 0;
  return {
    get endpoint() {
      return server().endpoint;
    },
    /** A new bucket, the place settings for it, and a target for it. */
    async bucket({
      prefix = 'promptcast/',
      secret,
      deps,
    }: {
      prefix?: string;
      secret?: string;
      deps?: Partial<TargetDeps>;
    } = {}) {
      const name = `backup-${++buckets}`;
      await server().makeBucket(name);
      const { endpoint, region, accessKeyId, secretAccessKey } = server();
      const config = {
        endpoint,
        region,
        bucket: name,
        prefix,
        accessKeyId,
        secretAccessKey: secret ?? secretAccessKey,
      };
      const target = s3Target(config, { fetch: globalThis.fetch, timeoutMs: 10_000, ...deps });
      const place = { kind: 's3' as const, endpoint, region, bucket: name, prefix, accessKeyId };
      return { name, config, target, place, credential: secretAccessKey };
    },
    /** A request signed with the server's own key, to look at what the bucket holds. */
    signed(method: string, path: string) {
      return server().signed(method, path);
    },
    targetFor(config: Parameters<typeof s3Target>[0], deps: Partial<TargetDeps> = {}) {
      return s3Target(config, { fetch: globalThis.fetch, timeoutMs: 10_000, ...deps });
    },
  };
}
