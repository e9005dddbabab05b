import type { ConnectOverrides } from '@/utils/keys/background';
import { profileSettings } from '@/utils/profiles/background';
import { imageRun, videoRun } from '@/utils/prompts/background';
import { balanceBeforeIfAlone, settleCosts, startWithinBudget } from '@/utils/spend/background';
import type { Context } from '../../background/context';
import { admit, newEntry, record, sendRecorded } from '../../background/run-entry';
import { toErrorInfo } from '../../error-info';
import type { HistoryEntry } from '../../history/schema';
import type { HistoryScope } from '../../history/store';
import { owed } from '../../jobs/owed';
import type { RequestOf, ResponseData } from '../../messaging/protocol';
import { profileOf } from '../../profiles/first-profile';
import type { VideoOptions } from '../../settings/schema';

function runOf(kind: HistoryEntry['kind'], prompt: string, options: VideoOptions) {
  return kind === 'image' ? imageRun(prompt, 'popup') : videoRun(prompt, options, 'popup');
}

/** The entry once it no longer waits, sent or ended unsent: the same fields go in both cases. */
export function unqueued({
  waiting: _,
  serviceUrl: __,
  paused: ___,
  overBudget: ____,
  ...entry
}: HistoryEntry): HistoryEntry {
  return entry;
}

/**
 * Sends one waiting entry, checked like any other generation first (`admit`: its budget, its service): one
 * the budget stops ends unsent with the reason, told with its batch. It stops waiting in its own write before
 * the request leaves, so a worker stopped during the request leaves it interrupted (it may have been
 * charged), never sent twice. That write is also the claim against a cancel or a pause: whichever lands first
 * wins, in one transaction. A compared entry is sent alone in its batch, so the balance right before it is
 * its own; once it has ended (a video ends at a poll: app.ts), the next one goes.
 */
async function sendWaiting(ctx: Context, waiting: HistoryEntry) {
  try {
    const profile = await profileSettings(profileOf(waiting));
    const run = {
      ...runOf(waiting.kind, waiting.prompt, waiting.options ?? profile.settings.videoDefaults),
      model: waiting.model,
      overBudget: waiting.overBudget,
    };
    const client = await admit(ctx, run, profile, destinationOf(waiting)).catch(async (error: unknown) => {
      await endUnsent(ctx, { ids: [waiting.id] }, error);
    });
    if (client) {
      const sentAt = ctx.platform.now();
      const balanceBefore = waiting.compared && (await balanceBeforeIfAlone(ctx, [waiting.id]));
      const sent = await ctx.history.patch(waiting.id, (entry) =>
        entry.waiting && !entry.paused
          ? { ...unqueued(entry), sentAt, ...(balanceBefore && { balanceBefore }) }
          : entry,
      );
      // Removed by the person meanwhile, ended unsent (cancelled, its profile deleted) or paused: the
      // resume sends a paused one again.
      if (sent?.status !== 'running' || sent.waiting) ctx.inFlight.delete(waiting.id);
      else {
        const { entry } = await sendRecorded(ctx, run, sent, client);
        if (entry) ctx.copies.keepFinished([entry]);
      }
    }
  } catch (error) {
    ctx.inFlight.delete(waiting.id);
    return console.warn('A batch entry could not be sent:', error);
  }
  if (waiting.compared) await sendNextCompared(ctx);
}

/**
 * Once a compared entry has ended: its cost is read (the balance after it) before the next entry of its
 * batch is sent, so that one's span starts after this one's ends. Nothing is sent while one of it runs.
 */
export async function sendNextCompared(ctx: Context): Promise<void> {
  await settleCosts(ctx).catch(() => undefined);
  await resumeWaiting(ctx);
}

/**
 * The waiting entries that may be sent now, in their batch's order: every one of an ordinary batch, and of a
 * comparison only the first, once no entry of it runs.
 */
function sendable(running: readonly HistoryEntry[]): HistoryEntry[] {
  const busy = new Set(running.map((entry) => entry.compared && !entry.waiting && entry.batchId));
  // A comparison's first waiting entry is taken when none of it runs, and marks its batch busy (`add`).
  return running.filter(
    (entry) =>
      entry.waiting &&
      !entry.paused &&
      !(entry.compared && (busy.has(entry.batchId) || !busy.add(entry.batchId))),
  );
}

function sendAll(ctx: Context, entries: readonly HistoryEntry[]) {
  for (const entry of entries) void ctx.batchLanes(() => sendWaiting(ctx, entry));
}

/**
 * Records every prompt of the batch as a waiting entry in one write, answers, and sends them in the
 * background a few at a time: the person is told once, when the whole batch has ended. With `models`, a
 * comparison: each prompt goes to each model, one generation at a time (`sendable`), each with its own cost.
 */
export async function generateBatch(
  ctx: Context,
  { kind, prompts, options, model, models, overBudget }: RequestOf<'generateBatch'>,
): Promise<ResponseData['generateBatch']> {
  const profile = await profileSettings();
  const { settings } = profile;
  const videoOptions = options ?? settings.videoDefaults;
  const sentModels = models ?? [model];
  // Nothing is recorded for a batch over budget or whose service cannot be reached; each prompt is
  // admitted again as it goes.
  const asked = sentModels.map((one = settings.modelId) => ({
    request: kind === 'video' ? { kind, model: one, options: videoOptions } : { kind, model: one },
    count: prompts.length,
  }));
  await startWithinBudget(ctx, profile, { asked, overBudget }, () =>
    ctx.connect({ profileId: profile.profileId, ...(model && !models ? { modelId: model } : {}) }),
  );
  const batchId = ctx.platform.newId();
  // One instant for the whole batch, so its order in the history is the order of its prompts even when
  // the clock ticks while they are made.
  const createdAt = ctx.platform.now();
  const unread = prompts.flatMap((prompt) =>
    sentModels.map((one) => ({
      ...newEntry(ctx, { ...runOf(kind, prompt, videoOptions), model: one }, profile),
      ...(models && { compared: true as const }),
      ...(overBudget && { overBudget }),
      createdAt,
      batchId,
      waiting: true as const,
      serviceUrl: settings.baseUrl,
    })),
  );
  // Read once for an ordinary batch, which settles what it cost once its last prompt has ended (cost.ts);
  // a comparison's entries each read their own as they are sent.
  const ids = unread.map((entry) => entry.id);
  const balanceBefore = profile.active && !models && (await balanceBeforeIfAlone(ctx, ids));
  const entries = balanceBefore ? unread.map((entry) => ({ ...entry, balanceBefore })) : unread;
  await record(ctx, ...entries);
  const first = sendable(entries);
  // The rest of a comparison waits for its turn, sent by whichever worker sees the one before end.
  for (const entry of entries) if (!first.includes(entry)) ctx.inFlight.delete(entry.id);
  sendAll(ctx, first);
  return { batchId, count: entries.length };
}

type Destination = Pick<ConnectOverrides, 'profileId' | 'baseUrl' | 'modelId'>;

/**
 * The profile, service and model a waiting entry was recorded with (before `serviceUrl`, a video's poll
 * URL): the rest of a batch goes where it began, with that profile's key, whichever profile is active now.
 */
function destinationOf(entry: HistoryEntry): Destination {
  const baseUrl = entry.serviceUrl ?? entry.poll?.baseUrl;
  const recorded = { profileId: profileOf(entry), modelId: entry.model };
  return baseUrl === undefined ? recorded : { ...recorded, baseUrl };
}

/**
 * The waiting entries in `scope` (of those, the ones in `ids` when given) end as failed with the reason,
 * told with their batch. Only entries still waiting: one a worker claimed meanwhile has been sent and ends
 * as its request does.
 */
export async function endUnsent(
  ctx: Context,
  scope: HistoryScope,
  error: unknown,
  ids?: readonly string[],
): Promise<HistoryEntry[]> {
  const now = ctx.platform.now();
  const ended = await ctx.history.patchMany(scope, (entry) =>
    entry.waiting && (!ids || ids.includes(entry.id))
      ? owed({ ...unqueued(entry), status: 'failed', finishedAt: now, error: toErrorInfo(error) })
      : undefined,
  );
  for (const entry of ended) ctx.inFlight.delete(entry.id);
  await ctx.tracker.announce(ended);
  return ended;
}

/**
 * A new worker sends what a stopped one left waiting, as that worker would have: to the service and with
 * the model of the batch, whatever is configured now. Those it cannot send (no usable service, or the
 * stored key now belongs to another one) end as failed rather than waiting for good. A paused batch stays
 * unsent until the person resumes it, which sends it through here.
 */
export async function resumeWaiting(ctx: Context): Promise<void> {
  const waiting = sendable(await ctx.history.find({ status: 'running' })).filter(
    (entry) => !ctx.inFlight.has(entry.id),
  );
  if (waiting.length === 0) return;
  for (const entry of waiting) ctx.inFlight.add(entry.id);
  sendAll(ctx, waiting);
}
