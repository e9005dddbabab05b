import type { Context } from '../../background/context';
import { type EntryRun, runEntry } from '../../background/run-entry';
import type { HistoryEntry } from '../../history/schema';

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

/**
 * Chrome stops a worker whose event has gone unanswered for 5 minutes, and an image may take as long as its
 * own time-out (5 minutes by default, more if the person sets it). A page still waiting after this long is
 * answered with the entry as it stands (running); the request goes on, held awake, and its outcome reaches
 * the pages through storage, and the person through a notification when no popup shows it.
 */
export const LONGEST_ANSWER_MS = 4 * 60_000;

export function generateImage(
  ctx: Context,
  prompt: string,
  source: HistoryEntry['source'],
  again: Pick<EntryRun, 'model' | 'profileId' | 'overBudget'> = {},
): Promise<HistoryEntry> {
  let recorded: HistoryEntry | undefined;
  let timer: unknown;
  const finished = runEntry(ctx, {
    ...imageRun(prompt, source),
    ...again,
    onRecorded: (entry) => {
      recorded = entry;
    },
  }).then((entry) => {
    // Started, not awaited: the popup gets its answer while the bytes are fetched.
    ctx.copies.keepFinished([entry]);
    return entry;
  });
  const stillRunning = new Promise<HistoryEntry>((resolve) => {
    timer = ctx.platform.timers.set(() => {
      if (recorded) resolve(recorded);
    }, LONGEST_ANSWER_MS);
  });
  return Promise.race([finished, stillRunning]).finally(() => ctx.platform.timers.clear(timer));
}
