import type { Context } from '../../background/context';
import { type EntryRun, runEntry } from '../../background/run-entry';
import type { HistoryEntry } from '../../history/schema';
import { applySubmission } from '../../jobs/schedule';
import type { VideoOptions } from '../../settings/schema';

/** One video submission; the tracker polls the job afterwards, from the polling state stored with the entry. */
export function videoRun(prompt: string, options: VideoOptions, source: HistoryEntry['source']): EntryRun {
  return {
    kind: 'video',
    prompt,
    source,
    options,
    prepareEntry: (entry, settings) => ({
      ...entry,
      options,
      poll: {
        baseUrl: settings.baseUrl,
        attempts: 0,
        failures: 0,
        nextPollAt: entry.createdAt + settings.pollIntervalSec * 1000,
      },
    }),
    send: async (client, text) => {
      const submission = await client.submitVideo({ prompt: text, ...options });
      return (entry, now) => applySubmission(entry, submission, now);
    },
  };
}

export function submitVideo(
  ctx: Context,
  prompt: string,
  options: VideoOptions,
  source: HistoryEntry['source'],
  again: Pick<EntryRun, 'model' | 'profileId' | 'overBudget'> = {},
): Promise<HistoryEntry> {
  return runEntry(ctx, { ...videoRun(prompt, options, source), ...again });
}
