import { type Browser, browser } from 'wxt/browser';
import { AppError } from '../error-info';

/**
 * Saves a file through the browser's downloads API. Unlike `<a download>`, which browsers ignore across
 * origins (the popup would navigate to the file instead), this works for any http(s) media host, with or
 * without CORS headers and without host permission, and for a kept copy's blob: URL.
 * Resolves once the file is on disk; rejects with a `download_failed` error naming the browser's reason.
 */
export async function saveFile(url: string, filename: string): Promise<void> {
  const id = await browser.downloads.download({ url, filename, conflictAction: 'uniquify', saveAs: false });
  await finished(id);
}

function finished(id: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const settle = (state: string | undefined, reason: string | undefined) => {
      if (state === 'complete') {
        stop();
        resolve();
      } else if (state === 'interrupted') {
        stop();
        reject(
          new AppError('download_failed', {
            detail: reason,
          }),
        );
      }
    };
    const listener = (delta: Browser.downloads.DownloadDelta) => {
      if (delta.id === id) settle(delta.state?.current, delta.error?.current);
    };
    const stop = () => browser.downloads.onChanged.removeListener(listener);
    browser.downloads.onChanged.addListener(listener);
    // It may have ended before the listener was added (a small or failing file).
    void browser.downloads.search({ id }).then(([item]) => settle(item?.state, item?.error));
  });
}

/** A file to save: from a URL, or bytes this context holds. */
export type DownloadFile = { filename: string } & ({ url: string } | { blob: Blob });

/** Waits for every download, so one failure does not cut the others short, then reports the first. */
export async function allAttempted(downloads: readonly Promise<unknown>[]): Promise<void> {
  const results = await Promise.allSettled(downloads);
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

/** *Download all* of a multi-file job. */
export function saveAll(files: readonly DownloadFile[]): Promise<void> {
  return allAttempted(
    files.map((file) =>
      'blob' in file ? saveBlob(file.blob, file.filename) : saveFile(file.url, file.filename),
    ),
  );
}

/**
 * Saves bytes this context holds (a kept copy, an export) through a blob: URL that lives until the download
 * has ended: Firefox reads it only after `downloads.download` has answered and fails the download (CRASH) if
 * it was revoked. Service workers cannot make one (see `saves-in-background.ts`).
 */
export async function saveBlob(blob: Blob, filename: string): Promise<void> {
  const url = URL.createObjectURL(blob);
  try {
    await saveFile(url, filename);
  } finally {
    URL.revokeObjectURL(url);
  }
}
