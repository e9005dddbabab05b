import { withBalance } from '@/utils/balance/background';
import type { ConnectOverrides } from '@/utils/keys/background';
import { type ProfileSettings, profileSettings } from '@/utils/profiles/background';
import { balanceBeforeIfAlone, settleCostsOrRefresh, startWithinBudget } from '@/utils/spend/background';
import type { ServiceClient } from '../api/client';
import { AppError, type ErrorInfo, toErrorInfo } from '../error-info';
import type { HistoryEntry } from '../history/schema';
import { describeProblem } from '../i18n';
import type { Settings, VideoOptions } from '../settings/schema';
import { promptProblem } from '../validation';
import type { Context } from './context';

type Source = HistoryEntry['source'];

/** One request that leaves a history entry: an image, or a video submission. */
export interface EntryRun {
  kind: HistoryEntry['kind'];
  prompt: string;
  source: Source;
  /** The model to ask for (a regenerated entry's own); the profile's otherwise. */
  model?: string;
  /** The profile to send with (the one active at a context-menu click, a regenerated entry's own); the active one otherwise. */
  profileId?: string;
  /** A video's options: its price depends on them (budgets.ts). */
  options?: VideoOptions;
  /** The person chose to go over a budget this once. */
  overBudget?: boolean;
  /** Adds what this kind stores before the request (a video's polling state). */
  prepareEntry?: (entry: HistoryEntry, settings: Settings) => HistoryEntry;
  /** Told the entry as stored before its request leaves. */
  onRecorded?: (entry: HistoryEntry) => void;
  /** Sends the request; its answer says how the entry settles. */
  send: (
    client: ServiceClient,
    prompt: string,
  ) => Promise<(entry: HistoryEntry, now: number) => HistoryEntry>;
}

function runningEntry(
  ctx: Context,
  run: EntryRun,
  prompt: string,
  { settings, profileId }: ProfileSettings,
): HistoryEntry {
  return {
    id: ctx.platform.newId(),
    profileId,
    kind: run.kind,
    prompt,
    model: run.model ?? settings.modelId,
    source: run.source,
    status: 'running',
    urls: [],
    createdAt: ctx.platform.now(),
  };
}

/**
 * Whether an outcome must be told by notification: always for the context menu, and for the popup
 * once it is closed. Decided before the outcome is stored, so it is stored as owed in that same write.
 * A batch entry is always marked: its batch is told once, when all of it has ended (batch-summary.ts).
 */
async function owesNotice(ctx: Context, entry: HistoryEntry): Promise<{ notifyPending?: true }> {
  const told = entry.batchId !== undefined || entry.source === 'context-menu';
  return told || !(await ctx.platform.isPopupOpen()) ? { notifyPending: true } : {};
}

/** Tells the person about an outcome stored as owed; a worker stopped first leaves it to the next. */
async function announceOwed(ctx: Context, entry: HistoryEntry | undefined): Promise<void> {
  if (entry?.notifyPending) await ctx.tracker.announce([entry]);
}

/**
 * What every generation passes before it is sent, a batch's prompts one by one included: the prompt's own
 * checks, the profile's budgets (unless the person chose to go over them this once), and a client for the
 * profile's service (`destination` names another service or model, as a batch recorded earlier does).
 */
export async function admit(
  ctx: Context,
  run: EntryRun,
  profile: ProfileSettings,
  destination: Omit<ConnectOverrides, 'profileId'> = run.model === undefined ? {} : { modelId: run.model },
): Promise<ServiceClient> {
  const problem = promptProblem(run.prompt);
  if (problem) throw new AppError('invalid_input', describeProblem(problem));
  const model = run.model ?? profile.settings.modelId;
  return startWithinBudget(
    ctx,
    profile,
    {
      asked: [
        {
          request: run.options ? { kind: 'video', model, options: run.options } : { kind: 'image', model },
          count: 1,
        },
      ],
      overBudget: run.overBudget,
    },
    () => ctx.connect({ ...destination, profileId: profile.profileId }),
  );
}

/**
 * Everything a request needs before its entry exists. From the context menu nobody watches, so a
 * failure here (no access to the service, say) becomes a failed entry owed a notification.
 */
async function prepare(ctx: Context, run: EntryRun) {
  const { platform } = ctx;
  // Read once: the entry and its request are the same profile's even if the person switches meanwhile.
  const profile = await profileSettings(run.profileId);
  try {
    return { client: await admit(ctx, run, profile), profile };
  } catch (error) {
    if (run.source === 'context-menu') {
      const entry: HistoryEntry = {
        ...runningEntry(ctx, run, run.prompt, profile),
        status: 'failed',
        finishedAt: platform.now(),
        error: toErrorInfo(error),
        notifyPending: true,
      };
      await ctx.history.add(entry);
      await announceOwed(ctx, entry);
    }
    throw error;
  }
}

/** The entry as stored before its request leaves, with what its kind adds (a video's polling state). */
export function newEntry(ctx: Context, run: EntryRun, profile: ProfileSettings): HistoryEntry {
  const base = runningEntry(ctx, run, run.prompt.trim(), profile);
  return run.prepareEntry ? run.prepareEntry(base, profile.settings) : base;
}

/**
 * The entries are stored (in one write) before any request leaves, so a worker stopped meanwhile leaves
 * a trace to settle. They count as this worker's until their requests end.
 */
export async function record(ctx: Context, ...entries: HistoryEntry[]): Promise<void> {
  for (const entry of entries) ctx.inFlight.add(entry.id);
  try {
    await ctx.history.add(...entries);
  } catch (error) {
    for (const entry of entries) ctx.inFlight.delete(entry.id);
    throw error;
  } finally {
    // Updates the badge, and sets the alarm that settles these entries should the worker be stopped meanwhile.
    await ctx.tracker.reschedule();
  }
}

export interface Settled {
  /** Undefined when the entry was removed meanwhile. */
  entry: HistoryEntry | undefined;
  failure: ErrorInfo | undefined;
}

/** Runs the request of a recorded entry, settles the entry, and tells the person when that is owed. */
export async function sendRecorded(
  ctx: Context,
  run: EntryRun,
  fresh: HistoryEntry,
  client: ServiceClient,
): Promise<Settled> {
  const { platform } = ctx;
  const { id } = fresh;
  let entry: HistoryEntry | undefined;
  let failure: ErrorInfo | undefined;
  try {
    try {
      // Chrome would stop a worker whose only activity is this pending fetch, losing a result already paid for.
      const settle = await ctx.keepAlive.during(() => run.send(client, fresh.prompt));
      // Whether this outcome ends the entry is known before the write, so the notice owed goes in with it.
      const ends = settle(fresh, platform.now()).status !== 'running';
      const owed = ends ? await owesNotice(ctx, fresh) : {};
      entry = await ctx.history.patch(id, (item) => ({ ...settle(item, platform.now()), ...owed }));
    } catch (error) {
      failure = await withBalance(ctx, error);
      const info = failure;
      const owed = await owesNotice(ctx, fresh);
      entry = await ctx.history.patch(id, (item) => ({
        ...item,
        status: 'failed',
        finishedAt: platform.now(),
        error: info,
        ...owed,
      }));
    }
  } finally {
    ctx.inFlight.delete(id);
    await ctx.tracker.reschedule();
  }
  // Not awaited: the answer does not wait for the reading after; the cost reaches pages through storage.
  void settleCostsOrRefresh(ctx);
  await announceOwed(ctx, entry);
  return { entry, failure };
}

/** Records the entry, runs the request, settles the entry, and tells the person when that is owed. */
export async function runEntry(ctx: Context, run: EntryRun): Promise<HistoryEntry> {
  const { client, profile } = await prepare(ctx, run);
  const unsent = newEntry(ctx, run, profile);
  const balanceBefore = profile.active ? await balanceBeforeIfAlone(ctx, [unsent.id]) : undefined;
  // Stored in the write that records the entry, so a worker stopped before the end still has it.
  const fresh = { ...unsent, ...(balanceBefore ? { balanceBefore } : {}) };
  await record(ctx, fresh);
  run.onRecorded?.(fresh);
  const { entry, failure } = await sendRecorded(ctx, run, fresh, client);
  if (failure) throw AppError.from(failure);
  if (!entry) throw new AppError('entry_removed');
  return entry;
}
