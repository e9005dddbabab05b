import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PageErrorBoundary } from '@/components/PageErrorBoundary';
import { balanceItem, historyItem, settingsSnapshotItem } from '@/utils/storage/items';
import { prepareDocument } from '@/utils/ui/document';
import { type CachedView, readSnapshot } from '@/utils/ui/snapshot';
import { shownView } from '@/utils/ui/stored-view';
import { App } from './App';

prepareDocument();

/** Non-secret state straight from storage, for the first paint; the background's answer replaces it. */
async function readCache(): Promise<CachedView | undefined> {
  try {
    const [settings, history, stored] = await Promise.all([
      settingsSnapshotItem.getValue(),
      historyItem.getValue(),
      balanceItem.getValue(),
    ]);
    // Typed as written, but whatever is in storage: the view keeps only what is valid.
    const balance: { balance?: unknown; error?: unknown } =
      typeof stored === 'object' && stored !== null ? stored : {};
    return shownView({ settings, history, balance: balance.balance, balanceError: balance.error });
  } catch {
    return undefined;
  }
}

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <PageErrorBoundary>
        <App snapshot={readSnapshot()} cached={readCache()} />
      </PageErrorBoundary>
    </StrictMode>,
  );
