import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { balanceItem, historyItem, settingsSnapshotItem } from '@/utils/storage/items';
import { prepareDocument } from '@/utils/ui/document';
import { type CachedView, readSnapshot } from '@/utils/ui/snapshot';
import { App } from './App';

prepareDocument();

/** Non-secret state straight from storage, for the first paint; the background's answer replaces it. */
async function readCache(): Promise<CachedView | undefined> {
  try {
    const [settings, history, balance] = await Promise.all([
      settingsSnapshotItem.getValue(),
      historyItem.getValue(),
      balanceItem.getValue(),
    ]);
    return { settings, history, balance: balance.balance, balanceError: balance.error };
  } catch {
    return undefined;
  }
}

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <App snapshot={readSnapshot()} cached={readCache()} />
    </StrictMode>,
  );
