import { useEffect } from 'react';
import type { Copies } from '../../copies/copies-schema';
import type { KeyStatus } from '../../messaging/protocol';
import type { HistoryEntry } from '../schema';
import { withoutThumbnails } from '../thumbnail';

/** What the history page's first frame shows, as its storage items hold it. */
export interface HistoryView {
  history: readonly HistoryEntry[];
  keyStatus: KeyStatus;
  copies: Copies;
}

const KEY = 'promptcast:history-snapshot:v1';
/** A longer first screen is read from the database: parsing more would cost the first frame what it saves. */
const MAX_CHARS = 1_000_000;

/**
 * The history page's last view, in the page's localStorage because that is the only storage an extension
 * page can read synchronously: the next open paints its rows without waiting for storage, which then
 * replaces them. Values are raw: the page's hooks check them as they check storage's. Nothing secret is in
 * it (the key never reaches a page, and the key status is kept without its last characters).
 */
export function readHistorySnapshot(store: Pick<Storage, 'getItem'> = localStorage): unknown[] | undefined {
  try {
    const view: unknown = JSON.parse(store.getItem(KEY) ?? 'null');
    if (typeof view !== 'object' || view === null) return undefined;
    const { history, keyStatus, copies } = view as Record<string, unknown>;
    return history === undefined ? undefined : [history, keyStatus, copies];
  } catch {
    return undefined;
  }
}

export function writeHistorySnapshot(
  { history, keyStatus, copies }: HistoryView,
  store: Pick<Storage, 'setItem' | 'removeItem'> = localStorage,
): void {
  try {
    const text = JSON.stringify(
      {
        history,
        keyStatus: { set: keyStatus.set, ...(keyStatus.origin ? { origin: keyStatus.origin } : {}) },
        copies,
      },
      withoutThumbnails,
    );
    if (text.length <= MAX_CHARS) store.setItem(KEY, text);
    else store.removeItem(KEY);
  } catch {
    // A full or disabled localStorage only costs the next open its instant first frame.
  }
}

const SETTLED_MS = 500;

/**
 * Keeps the snapshot of what the page shows: a moment after it settles (never in the way of its first
 * frame) and when the page goes away, whichever comes first.
 */
export function useHistorySnapshot(
  history: readonly HistoryEntry[] | undefined,
  keyStatus: KeyStatus | undefined,
  copies: Copies | undefined,
): void {
  useEffect(() => {
    if (!history || !keyStatus || !copies) return;
    let written = false;
    const write = () => {
      if (!written) writeHistorySnapshot({ history, keyStatus, copies });
      written = true;
    };
    const timer = setTimeout(write, SETTLED_MS);
    addEventListener('pagehide', write);
    return () => {
      clearTimeout(timer);
      removeEventListener('pagehide', write);
    };
  }, [history, keyStatus, copies]);
}
