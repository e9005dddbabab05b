import type { HistoryEntry } from '../history/schema';

/** Marks a finished entry as not yet announced (see `announce`). */
export function owed(entry: HistoryEntry): HistoryEntry {
  return { ...entry, notifyPending: true };
}

export function told(entry: HistoryEntry): HistoryEntry {
  const { notifyPending: _, ...rest } = entry;
  return rest;
}

export const INTERRUPTED_IMAGE =
  'The extension was stopped while this image was being generated. The service may still have charged for it; check your balance before trying again.';
export const INTERRUPTED_SUBMISSION =
  'The extension was stopped while submitting this video, so the job could not be tracked. Check your balance before trying again.';
