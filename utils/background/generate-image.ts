import type { HistoryEntry } from '../history/schema';
import type { Context } from './context';
import { type EntryRun, runEntry } from './run-entry';

/** One image request: the service answers with the finished image. */
export function imageRun(prompt: string, source: HistoryEntry['source']): EntryRun {
  return {
    kind: 'image',
    prompt,
    source,
    send: async (client, text) => {
      const { url } = await client.generateImage(text);
      return (entry, now) => ({ ...entry, status: 'completed', urls: [url], finishedAt: now });
    },
  };
}

export async function generateImage(
  ctx: Context,
  prompt: string,
  source: HistoryEntry['source'],
  again: Pick<EntryRun, 'model'> = {},
): Promise<HistoryEntry> {
  const entry = await runEntry(ctx, { ...imageRun(prompt, source), ...again });
  // Started, not awaited: the popup gets its answer while the bytes are fetched.
  ctx.copies.keepFinished([entry]);
  return entry;
}
