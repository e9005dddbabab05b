import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The bytes a URL serves now, to compare with what was saved or kept. */
export async function served(url: string): Promise<Buffer> {
  return Buffer.from(await (await fetch(url)).arrayBuffer());
}

/**
 * The bytes of every finished file a browser saved in `folder` (in no set order: Playwright names its
 * downloads by GUID). Files still being written carry the browser's partial suffix and are left out; one
 * renamed or removed by the browser between the listing and the read is left out too, as the next look
 * finds it under its new name.
 */
export function finishedFiles(folder: string, partialSuffixes: readonly string[]): Buffer[] {
  return readdirSync(folder, { withFileTypes: true })
    .filter((item) => item.isFile() && !partialSuffixes.some((suffix) => item.name.endsWith(suffix)))
    .flatMap((item) => {
      try {
        return [readFileSync(path.join(folder, item.name))];
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
    });
}
