import type { PartsUpload, PartsUploads } from '../../../utils/backup/backup-run';

/** A run's record of its upload in parts, in memory: what storage.local keeps in the extension. */
export function memoryUploads(): PartsUploads & { readonly current: PartsUpload | undefined } {
  let current: PartsUpload | undefined;
  return {
    get current() {
      return current;
    },
    get: async () => current,
    set: async (upload) => {
      current = upload;
    },
  };
}
