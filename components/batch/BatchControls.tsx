import { useEffect, useRef, useState } from 'react';
import { describeError } from '@/utils/describe-error';
import type { HistoryEntry } from '@/utils/history/schema';
import { formatCount, t } from '@/utils/i18n';
import { send } from '@/utils/messaging/send';
import { truncate } from '@/utils/ui/format';
import { useCommand } from '@/utils/ui/hooks';
import controls from '../controls.module.css';
import { ErrorMessage } from '../ErrorMessage';
import styles from '../history/Entry.module.css';
import messages from '../Messages.module.css';
import own from './BatchControls.module.css';

const button = `${controls.button} ${controls.small}`;

/**
 * What of a batch is not sent yet, with Pause/Resume and "Cancel the N not sent", drawn where a batch is
 * listed (BatchTools.tsx). It stays while its batch is listed, so what a click did is still said
 * (and focused) once the buttons went with the prompts they cancelled.
 */
export function BatchControls({ batch }: { batch: readonly HistoryEntry[] }) {
  const first = batch[0];
  const waiting = batch.filter((entry) => entry.waiting);
  const paused = waiting.some((entry) => entry.paused);
  const { busy, error, run } = useCommand();
  /** What the last click did; `focus` when its button went with the prompts it cancelled. */
  const [notice, setNotice] = useState({ text: '', focus: false });
  const status = useRef<HTMLParagraphElement>(null);
  // Once shown: an empty notice is not displayed, so it cannot take focus before.
  useEffect(() => {
    if (notice.focus) status.current?.focus();
  }, [notice]);
  if (!first?.batchId) return null;
  const { batchId, kind } = first;

  // Busy buttons stay enabled (marked, and ignoring clicks): a disabled one would drop the focus.
  const command = (action: () => Promise<unknown>) => () => {
    if (!busy) run(action);
  };
  const pause = command(async () => {
    await send({ type: 'pauseBatch', batchId, paused: !paused });
    setNotice({ text: t(paused ? 'batchResumedNotice' : 'batchPausedNotice'), focus: false });
  });
  const cancelAll = command(async () => {
    const { cancelled } = await send({ type: 'cancelBatchEntries', batchId });
    const text = cancelled
      ? t('batchCancelledNotice', formatCount(kind, cancelled))
      : t('batchNoneCancelled');
    setNotice({ text, focus: true });
  });

  return (
    <>
      {waiting.length > 0 ? (
        <fieldset className={own.batch} data-testid="batch-controls">
          <legend className={own.legend}>
            {t(paused ? 'batchPausedWaiting' : 'batchWaiting', waiting.length)}
          </legend>
          <button type="button" className={button} aria-disabled={busy} onClick={pause}>
            {t(paused ? 'batchResume' : 'batchPause')}
          </button>
          <button type="button" className={button} aria-disabled={busy} onClick={cancelAll}>
            {t('batchCancelWaiting', waiting.length)}
          </button>
        </fieldset>
      ) : null}
      {/* Always there, so screen readers announce what is put in it; empty, it is not shown. */}
      <p ref={status} role="status" tabIndex={-1} className={`${styles.note} ${messages.empty}`}>
        {notice.text}
      </p>
      {error ? <ErrorMessage inline>{describeError(error)}</ErrorMessage> : null}
    </>
  );
}

/**
 * Beside one prompt of a batch: "Cancel" while it waits to be sent; once sent, that it cannot be
 * cancelled, since the service has no way to. After a cancel, focus goes to the reason the entry now
 * shows, as the button went with it.
 */
export function BatchEntryState({ entry, reasonId }: { entry: HistoryEntry; reasonId: string }) {
  const { busy, error, run } = useCommand();
  const [cancelling, setCancelling] = useState(false);
  const ended = entry.status !== 'running';
  useEffect(() => {
    const reason = cancelling && ended ? document.getElementById(reasonId) : null;
    if (!reason) return;
    reason.tabIndex = -1;
    reason.focus();
  }, [cancelling, ended, reasonId]);
  if (ended) return null;
  if (!entry.waiting) {
    return (
      <p className={styles.note} data-testid="already-sent">
        {t(entry.kind === 'video' ? 'alreadySentVideo' : 'alreadySentImage')}
      </p>
    );
  }
  const cancel = () =>
    run(async () => {
      const { cancelled } = await send({
        type: 'cancelBatchEntries',
        batchId: entry.batchId ?? '',
        ids: [entry.id],
      });
      // None when a worker sent it first: the row then says it was sent.
      setCancelling(cancelled > 0);
    });
  return (
    <div className={styles.tools}>
      <button
        type="button"
        className={button}
        aria-label={t('cancelEntryLabel', truncate(entry.prompt, 60))}
        disabled={busy}
        onClick={cancel}
      >
        {t('cancelEntry')}
      </button>
      {error ? <ErrorMessage inline>{describeError(error)}</ErrorMessage> : null}
    </div>
  );
}
