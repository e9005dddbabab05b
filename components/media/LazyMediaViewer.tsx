import { lazy, Suspense } from 'react';
import type { MediaViewerProps } from './MediaViewer';

const MediaViewer = lazy(() => import('./MediaViewer'));

/**
 * The viewer, fetched the first time one is opened: pages that never open it (the popup) do not carry it.
 * Nothing shows while it loads; it is a local chunk, there in a frame or two.
 */
export function LazyMediaViewer(props: MediaViewerProps) {
  return (
    <Suspense fallback={null}>
      <MediaViewer {...props} />
    </Suspense>
  );
}
