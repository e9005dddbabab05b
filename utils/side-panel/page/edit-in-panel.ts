import type { HistoryEntry } from '../../history/schema';
import { send } from '../../messaging/send';
import { openSidePanel } from './open-side-panel';

/**
 * *Edit & generate* on a page without a prompt form (the history page): the side panel opens, in the click
 * itself as the browser requires, and fills its form from the draft the background stores for it.
 */
export async function editInPanel(entry: HistoryEntry): Promise<void> {
  const opened = openSidePanel();
  const draft = send({
    type: 'composeDraft',
    prompt: entry.prompt,
    kind: entry.kind,
    ...(entry.options ? { options: entry.options } : {}),
  });
  await Promise.all([opened, draft]);
}
