import { onDemand } from '@/utils/ui/on-demand';

/**
 * The viewer, fetched the first time one is opened: pages that never open it (the popup) do not carry it.
 * Nothing shows while it loads; it is a local chunk, there in a frame or two.
 */
export const LazyMediaViewer = onDemand(() => import('./MediaViewer').then((module) => module.default));
