import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The bytes a URL serves now, to compare with what was saved or kept. */
export async function served(url: string): Promise<Buffer> {
  return Buffer.from(await (await fetch(url)).arrayBuffer());
}

/**
 * The bytes of every finished file a browser saved in `folder` (in no set order: Playwright names its
 * downloads by GUID). Files still being written carry the browser's partial suffix and are left out.
 */
export function finishedFiles(folder: string, partialSuffixes: readonly string[]): Buffer[] {
  return readdirSync(folder)
    .map((name) => path.join(folder, name))
    .filter((file) => statSync(file).isFile() && !partialSuffixes.some((suffix) => file.endsWith(suffix)))
    .map((file) => readFileSync(file));
}
