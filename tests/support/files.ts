import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The bytes a URL serves now, to compare with what was saved or kept. */
export async function served(url: string): Promise<Buffer> {
  return Buffer.from(await (await fetch(url)).arrayBuffer());
}

/**
 * The bytes of every finished file a browser saved in `folder` (in no set order: Playwright names its
 * downloads by GUID). Files still being written carry the browser's partial suffix and are left out, and so
 * is a file whose partial twin is still there: Firefox holds the final name with an empty file while it
 * writes `<name>.part`, and a test that took that placeholder for the download compared an empty file. The
 * placeholder is also there a moment before its `.part` is (media.spec.ts once listed two of them as both
 * downloads): an empty file is never a finished download here, and is left out as well. One renamed or
 * removed by the browser between the listing and the read is left out too, as the next look finds it under
 * its new name.
 */
export function finishedFiles(folder: string, partialSuffixes: readonly string[]): Buffer[] {
  const listed = readdirSync(folder, { withFileTypes: true });
  const names = new Set(listed.map((item) => item.name));
  const partial = (name: string) =>
    partialSuffixes.some((suffix) => name.endsWith(suffix) || names.has(`${name}${suffix}`));
  return listed
    .filter((item) => item.isFile() && !partial(item.name))
    .flatMap((item) => {
      try {
        const bytes = readFileSync(path.join(folder, item.name));
        return bytes.length > 0 ? [bytes] : [];
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
    });
}
