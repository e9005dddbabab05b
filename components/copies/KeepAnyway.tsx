import { lazy, Suspense, useContext } from 'react';
import type { HistoryEntry } from '@/utils/history/schema';
import { CopiesContext } from './CopiesContext';

// Loaded the first time a result is too big to keep: most pages never show it, so they do not carry it.
const TooBigCopy = lazy(() => import('./TooBigCopy'));

/** For a result larger than the space for copies: why, and *Keep anyway* (components/copies/TooBigCopy.tsx). */
export function KeepAnyway({ entry }: { entry: HistoryEntry }) {
  const copy = useContext(CopiesContext)[entry.id];
  // Only such a result watches the space used: a history of 200 rows opens no watch for it.
  return copy?.state === 'tooBig' ? (
    <Suspense fallback={null}>
      <TooBigCopy entryId={entry.id} copy={copy} />
    </Suspense>
  ) : null;
}
