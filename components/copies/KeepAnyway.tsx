import { useContext } from 'react';
import type { HistoryEntry } from '@/utils/history/schema';
import { onDemand } from '@/utils/ui/on-demand';
import { CopiesContext } from './CopiesContext';

// Loaded the first time a result is too big to keep: most pages never show it, so they do not carry it.
const TooBigCopy = onDemand(() => import('./TooBigCopy').then((module) => module.default));

/** For a result larger than the space for copies: why, and *Keep anyway* (components/copies/TooBigCopy.tsx). */
export function KeepAnyway({ entry }: { entry: HistoryEntry }) {
  const copy = useContext(CopiesContext)[entry.id];
  // Only such a result watches the space used: a history of 200 rows opens no watch for it.
  return copy?.state === 'tooBig' ? <TooBigCopy entryId={entry.id} copy={copy} /> : null;
}
