import { historyPageUrl, notify, openTab } from '../../background/browser-effects';
import type { Context } from '../../background/context';
import { describeError } from '../../describe-error';
import type { ErrorInfo } from '../../error-info';
import type { HistoryEntry } from '../../history/schema';
import { formatCount, type MessageKey, t } from '../../i18n';

/** Notification ids say what a click should open: one result, or the history page for a group. */
const OPEN_PREFIX = 'open:';
const HISTORY_PREFIX = 'history:';
/** The backup's own notification: a click opens the options page, where the backup is set up. */
const BACKUP_ID = 'backup:failed';

export type ClickTarget = { type: 'entry'; id: string } | { type: 'history' } | { type: 'options' };

export function clickTarget(notificationId: string): ClickTarget | undefined {
  if (notificationId.startsWith(OPEN_PREFIX))
    return { type: 'entry', id: notificationId.slice(OPEN_PREFIX.length) };
  if (notificationId.startsWith(HISTORY_PREFIX)) return { type: 'history' };
  if (notificationId === BACKUP_ID) return { type: 'options' };
  return undefined;
}

/**
 * One name per set of entries, whatever their order: announcing the same group again (a worker stopped
 * before it could note that it had) replaces its notification instead of adding a second one.
 */
export function groupKey(entries: readonly HistoryEntry[]): string {
  let hash = 0x811c9dc5;
  for (const char of entries
    .map((entry) => entry.id)
    .sort()
    .join('\n')) {
    hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  }
  return `${entries.length}-${hash.toString(16)}`;
}

function quote(prompt: string, max = 120): string {
  return prompt.length > max ? `“${prompt.slice(0, max - 1)}…”` : `“${prompt}”`;
}

const said = (entry: HistoryEntry) => (entry.error ? describeError(entry.error) : '');

/** One result ready: a click opens it. */
const readyOne = (entry: HistoryEntry, title: MessageKey) =>
  notify(`${OPEN_PREFIX}${entry.id}`, t(title), quote(entry.prompt));

/** One generation failed, with why: a click opens the history page, where it can be tried again. */
const failedOne = (entry: HistoryEntry, title: MessageKey) =>
  notify(
    `${HISTORY_PREFIX}failed-${entry.id}`,
    t(title),
    `${quote(entry.prompt, 80)}\n${said(entry)}`.trim(),
  );

/**
 * Tells the person about finished work. Jobs finishing in the same tick arrive as one call and become
 * at most one "ready" and one "failed" notification, however many there are.
 */
export function createAnnouncer(now: () => number) {
  async function announceVideos(entries: HistoryEntry[]): Promise<void> {
    const done = entries.filter((entry) => entry.status === 'completed');
    const failed = entries.filter((entry) => entry.status === 'failed');
    if (done.length === 1 && done[0]) {
      await readyOne(done[0], 'notifyVideoReadyTitle');
    } else if (done.length > 1) {
      await notify(
        `${HISTORY_PREFIX}done-${groupKey(done)}`,
        t('notifyVideosReadyTitle', [String(done.length)]),
        done.map((entry) => quote(entry.prompt, 60)).join('\n'),
      );
    }
    if (failed.length === 1 && failed[0]) {
      await failedOne(failed[0], 'notifyVideoFailedTitle');
    } else if (failed.length > 1) {
      await notify(
        `${HISTORY_PREFIX}failed-group-${groupKey(failed)}`,
        t('notifyVideosFailedTitle', [String(failed.length)]),
        failed.map((entry) => `${quote(entry.prompt, 40)}: ${said(entry)}`).join('\n'),
      );
    }
  }

  async function announceImage(entry: HistoryEntry): Promise<void> {
    if (entry.status === 'completed') await readyOne(entry, 'notifyImageReadyTitle');
    else if (entry.status === 'failed') await failedOne(entry, 'notifyImageFailedTitle');
  }

  /** Announces finished entries of any kind, e.g. everything one polling tick ended. */
  async function announce(entries: HistoryEntry[]): Promise<void> {
    await announceVideos(entries.filter((entry) => entry.kind === 'video'));
    for (const entry of entries.filter((item) => item.kind === 'image')) await announceImage(entry);
  }

  /** One summary for a whole batch; its id is the batch's, so telling it again replaces it. */
  async function batchDone(batchId: string, entries: HistoryEntry[]): Promise<void> {
    const kind = entries[0]?.kind ?? 'image';
    const done = entries.filter((entry) => entry.status === 'completed').length;
    const cancelled = entries.filter((entry) => entry.error?.kind === 'cancelled').length;
    const failed = entries.length - done - cancelled;
    // The person cancelled the whole batch themselves: there is nothing to tell them.
    if (done + failed === 0) return;
    const title =
      failed === 0
        ? t('notifyBatchReadyTitle', formatCount(kind, done))
        : done === 0
          ? t('notifyBatchFailedTitle', formatCount(kind, failed))
          : t('notifyBatchMixedTitle', [formatCount(kind, done), failed]);
    const lines = entries.map(
      (entry) => `${entry.status === 'completed' ? '✓' : '✗'} ${quote(entry.prompt, 60)}`,
    );
    await notify(
      `${HISTORY_PREFIX}batch-${batchId}`,
      cancelled ? t('notifyBatchCancelledTitle', [title, cancelled]) : title,
      lines.join('\n'),
    );
  }

  async function setupNeeded(): Promise<void> {
    await notify(`setup:${now()}`, t('notifySetupTitle'), t('notifySetupMessage'));
  }

  async function problem(message: string): Promise<void> {
    await notify(`problem:${now()}`, t('notifyPromptInvalidTitle'), message);
  }

  /** One notification however often it is said, so a storage that stays full does not pile them up. */
  async function storageFull(error: ErrorInfo): Promise<void> {
    await notify(`${HISTORY_PREFIX}storage-full`, t('notifyStorageFullTitle'), describeError(error));
  }

  /** Why the backup failed; one notification, replaced rather than added to by the next reason. */
  async function backupFailed(error: ErrorInfo): Promise<void> {
    await notify(BACKUP_ID, t('notifyBackupFailedTitle'), describeError(error));
  }

  return { announce, batchDone, setupNeeded, problem, storageFull, backupFailed };
}

export type Announcer = ReturnType<typeof createAnnouncer>;

/** A click on a notification opens the one result it names, or the history page. */
export async function onNotificationClick(ctx: Context, notificationId: string): Promise<void> {
  const target = clickTarget(notificationId);
  if (!target) return;
  if (target.type === 'options') return ctx.platform.openOptions();
  const entry = target.type === 'entry' ? await ctx.history.get(target.id) : undefined;
  await openTab(entry?.urls[0] ?? historyPageUrl());
}
