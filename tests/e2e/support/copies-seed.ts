/**
 * Kept copies seeded through the worker and read back as digests (tests/support/copies-probe.ts runs in the
 * browser), and the same files made here, to compare with what a restore or a download gives back.
 */
import { createHash } from 'node:crypto';
import { readKeptDigests, type SeedCopy, writeKeptCopies } from '../../support/copies-probe';
import type { ExtensionUnderTest } from './extension';

/** The file a seeded copy holds, made the same way the browser makes it. */
export function seededBytes({ size, seed }: Pick<SeedCopy, 'size' | 'seed'>): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + seed) & 0xff;
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
  return bytes;
}

export const digestOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export async function seedKeptCopies(
  extension: ExtensionUnderTest,
  copies: readonly SeedCopy[],
): Promise<void> {
  await (await extension.worker()).evaluate(writeKeptCopies, copies);
}

/** Each complete kept file's SHA-256, by entry id, hashed in an extension page from what the database holds. */
export async function keptCopyDigests(extension: ExtensionUnderTest): Promise<Record<string, string>> {
  const page = await extension.context.newPage();
  try {
    await page.goto(`${extension.origin}/manifest.json`);
    return await page.evaluate(readKeptDigests);
  } finally {
    await page.close();
  }
}
