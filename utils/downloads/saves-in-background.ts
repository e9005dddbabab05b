/**
 * Whether the background saves Blobs itself (kept copies, the history export) rather than pages or data:
 * URLs. The downloads API takes a Blob as a blob: URL, which lives only as long as the context that made it,
 * and Firefox reads it only after `downloads.download` has answered: a page may be gone by then (the popup
 * closes when Firefox opens its downloads panel) and the download fails (CRASH); Firefox also refuses data:
 * URLs. Its MV2 background page outlives every page and makes blob: URLs. Chrome's MV3 service worker has no
 * `URL.createObjectURL`, but Chrome takes data: URLs and holds a page's bytes once the call has answered.
 */
export const backgroundSavesBlobs: boolean = import.meta.env.MANIFEST_VERSION === 2;
