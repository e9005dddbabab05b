import { readCopy } from './copy-reader';

/** The kept copy of an entry's file, or undefined when there is none or the database cannot be read. */
export async function keptCopy(entryId: string, index: number): Promise<Blob | undefined> {
  try {
    return await readCopy(entryId, index);
  } catch {
    // Without a readable database there is no copy; the service's file is still there to download.
    return undefined;
  }
}
