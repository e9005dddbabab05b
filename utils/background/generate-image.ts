import type { HistoryEntry } from '../history/schema';
import type { Context } from './context';
import { runEntry } from './run-entry';

export function generateImage(
  ctx: Context,
  prompt: string,
  source: HistoryEntry['source'],
): Promise<HistoryEntry> {
  return runEntry(ctx, {
    kind: 'image',
    prompt,
    source,
    send: async (client, text) => {
      const { url } = await client.generateImage(text);
      return (entry, now) => ({ ...entry, status: 'completed', urls: [url], finishedAt: now });
    },
  });
}
