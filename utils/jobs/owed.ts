import type { HistoryEntry } from '../history/schema';

/** Marks a finished entry as not yet announced (see `announce`). */
export function owed(entry: HistoryEntry): HistoryEntry {
  return { ...entry, notifyPending: true };
}

export function told(entry: HistoryEntry): HistoryEntry {
  const { notifyPending: _, ...rest } = entry;
  return rest;
}
