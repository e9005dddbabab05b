import { readCopy } from './copy-reader';

/**
 * Whether the background saves kept copies itself rather than the page that shows them. The downloads API
 * takes a copy as a blob: URL, which lives only as long as the context that made it. Firefox reads that URL
 * after `downloads.download` has answered and fails the download (CRASH) once its page is gone, as a popup is
 * when Firefox opens its downloads panel; its MV2 background page outlives every page and can make blob:
 * URLs. Chrome's MV3 service worker cannot, and Chrome holds the bytes once the call has answered, so there
 * the page hands the copy over.
 */
export const copiesSavedByBackground: boolean = import.meta.env.MANIFEST_VERSION === 2;

/** The kept copy of an entry's file, or undefined when there is none or the database cannot be read. */
export async function keptCopy(entryId: string, index: number): Promise<Blob | undefined> {
  try {
    return await readCopy(entryId, index);
  } catch {
    // Without a readable database there is no copy; the service's file is still there to download.
    return undefined;
  }
}
