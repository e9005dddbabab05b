import { onDemand } from '@/utils/ui/on-demand';
import type { MediaViewerProps } from './MediaViewer';

const useMediaViewer = onDemand(() => import('./MediaViewer').then((module) => module.default));

/**
 * The viewer, fetched the first time one is opened: pages that never open it (the popup) do not carry it.
 * Nothing shows while it loads; it is a local chunk, there in a frame or two.
 */
export function LazyMediaViewer(props: MediaViewerProps) {
  const MediaViewer = useMediaViewer(true);
  return MediaViewer ? <MediaViewer {...props} /> : null;
}
