import { useCallback, useEffect, useState } from 'react';
import type { MessageKey } from '../../i18n';
import { safeUrl } from '../../ui/safe-url';
import type { EntryCopy } from '../copies-schema';
import { readCopy } from '../copy-reader';
import { copyStatusKey } from '../copy-status';
import { isShownType } from '../media-type';

export interface MediaFileRef {
  entryId: string;
  /** Position of the file among the entry's URLs. */
  index: number;
  /** The URL the service named (untrusted). */
  url: string;
  /** The entry's record in `local:copies`, if any. */
  copy: EntryCopy | undefined;
}

export interface MediaSource {
  /** What the media element loads; undefined while the copy is being read, or when nothing can be shown. */
  src: string | undefined;
  /** Where `src` comes from. */
  from: 'copy' | 'service' | undefined;
  /**
   * Nothing can be shown: the service's file failed to load (or was never a usable URL) and no copy is kept,
   * or the kept copy is not an image or video the extension shows.
   */
  failed: boolean;
  /** The message key for the state people see next to the file. */
  status: MessageKey;
  /** For the media element's `error` event. */
  markFailed: () => void;
}

interface Resolved {
  src: string | undefined;
  from: 'copy' | 'service' | undefined;
  failed: boolean;
  /** The kept copy is bytes of another type (SVG, HTML, unknown): it gets no URL and no element. */
  inert?: true;
}

const INERT: Resolved = { src: undefined, from: 'copy', failed: true, inert: true };

/**
 * The kept copy's object URL, INERT for a copy of a type pages never render (its blob: URL would be a
 * document of the extension's origin if it reached a tab), undefined when there is none.
 */
async function keptCopyUrl(entryId: string, index: number): Promise<string | typeof INERT | undefined> {
  try {
    const blob = await readCopy(entryId, index);
    if (!blob) return undefined;
    return isShownType(blob.type) ? URL.createObjectURL(blob) : INERT;
  } catch {
    // A database that cannot be opened (private windows in some browsers) means there is no copy to show.
    return undefined;
  }
}

function serviceSource(url: string): Resolved {
  const safe = safeUrl(url);
  return safe
    ? { src: safe, from: 'service', failed: false }
    : { src: undefined, from: undefined, failed: true };
}

const PENDING: Resolved = { src: undefined, from: undefined, failed: false };
/** The media host answered 404/410 when the copy was fetched: its URL would only show a broken file. */
const EXPIRED: Resolved = { src: undefined, from: undefined, failed: true };

/** Same source, same object: setting it again then re-renders nothing. */
function unlessSame(next: Resolved): (current: Resolved) => Resolved {
  return (current) =>
    current.src === next.src && current.from === next.from && current.failed === next.failed ? current : next;
}

/**
 * The kept copy's object URL when the background says the entry is kept, otherwise the service URL. IndexedDB
 * is read only for kept entries, so a history of 200 service-only entries opens no blobs. The object URL is
 * revoked when the file changes or the component goes away. While not `active` (a grid cell far from the
 * viewport) nothing is read or loaded: the source stays pending.
 */
export function useMediaSource({ entryId, index, url, copy }: MediaFileRef, active = true): MediaSource {
  const kept = copy?.state === 'kept';
  const expired = copy?.state === 'expired';
  const [resolved, setResolved] = useState<Resolved>(() =>
    expired ? EXPIRED : kept || !active ? PENDING : serviceSource(url),
  );

  useEffect(() => {
    if (expired) return setResolved(unlessSame(EXPIRED));
    if (!active) return setResolved(unlessSame(PENDING));
    if (!kept) return setResolved(unlessSame(serviceSource(url)));
    let objectUrl: string | undefined;
    let live = true;
    // A file already on screen (from the service) stays there until its copy is read: no blank moment.
    setResolved((current) => (current.src ? current : PENDING));
    void keptCopyUrl(entryId, index).then((found) => {
      if (!live) {
        if (typeof found === 'string') URL.revokeObjectURL(found);
        return;
      }
      if (found === INERT) {
        setResolved(unlessSame(INERT));
        return;
      }
      objectUrl = typeof found === 'string' ? found : undefined;
      setResolved(objectUrl ? { src: objectUrl, from: 'copy', failed: false } : serviceSource(url));
    });
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [entryId, index, url, kept, expired, active]);

  const markFailed = useCallback(() => {
    // A copy that does not play (a corrupt or unsupported file) still leaves the service's URL to try.
    setResolved((current) => (current.from === 'copy' ? serviceSource(url) : { ...current, failed: true }));
  }, [url]);

  // The record can still say "kept" a moment after the copy was evicted: once settled, what was actually
  // loaded decides.
  const settled = resolved.src !== undefined || resolved.failed;
  const keptButNotShown = kept && settled && resolved.from !== 'copy';
  const status = resolved.inert
    ? 'copyNotShown'
    : copyStatusKey(keptButNotShown ? undefined : copy, resolved.failed);
  return { src: resolved.src, from: resolved.from, failed: resolved.failed, status, markFailed };
}
