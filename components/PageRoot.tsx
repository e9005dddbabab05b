import { type ReactNode, StrictMode } from 'react';
import { PageErrorBoundary } from './PageErrorBoundary';

/** What every page's tree sits in, alike at build time (its first frame) and in the browser. */
export function PageRoot({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <PageErrorBoundary>{children}</PageErrorBoundary>
    </StrictMode>
  );
}
