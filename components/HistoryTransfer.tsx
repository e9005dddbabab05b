import { type ChangeEvent, useId, useState } from 'react';
import { toErrorInfo } from '@/utils/error-info';
import type { ErrorInfo } from '@/utils/errors';
import { describeError, t } from '@/utils/i18n';
import { send } from '@/utils/messaging/send';
import controls from './controls.module.css';
import { ErrorMessage } from './ErrorMessage';
import styles from './HistoryFind.module.css';
import { StatusMessage } from './StatusMessage';

/** Larger than any history this extension writes; reading more would only stall the page. */
const MAX_FILE_BYTES = 10 * 1024 * 1024;

type Outcome = { notice: string } | { error: ErrorInfo } | { badFile: string } | undefined;

/** The file's JSON, or undefined when it is too big or not JSON at all. */
async function readJson(file: File): Promise<{ json: unknown } | undefined> {
  if (file.size > MAX_FILE_BYTES) return undefined;
  try {
    return { json: JSON.parse(await file.text()) };
  } catch {
    return undefined;
  }
}

/**
 * *Export* saves the history as a JSON file; *Import* reads one back. The background checks and merges
 * it, so a file that is not an export is refused as a whole and the history stays as it was.
 */
export function HistoryTransfer() {
  const inputId = useId();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(undefined);

  const exportAll = () => {
    setBusy(true);
    setOutcome(undefined);
    send({ type: 'exportHistory' })
      .then(
        ({ exported }) => setOutcome({ notice: t('historyExported', exported) }),
        (failure) => setOutcome({ error: toErrorInfo(failure) }),
      )
      .finally(() => setBusy(false));
  };

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setBusy(true);
    setOutcome(undefined);
    try {
      const read = await readJson(file);
      if (!read) {
        setOutcome({ badFile: file.name });
        return;
      }
      const { added, skipped } = await send({ type: 'importHistory', file: read.json });
      setOutcome({ notice: t('historyImported', [added, skipped]) });
    } catch (failure) {
      const error = toErrorInfo(failure);
      setOutcome(error.kind === 'invalid_input' ? { badFile: file.name } : { error });
    } finally {
      // Choosing the same file again (after fixing it, say) must fire another change.
      input.value = '';
      setBusy(false);
    }
  };

  return (
    <div className={styles.transfer}>
      <button type="button" className={controls.button} disabled={busy} onClick={exportAll}>
        {t('exportHistory')}
      </button>
      {/* The input stays in the tab order, hidden behind its label, which shows its focus. */}
      <input
        id={inputId}
        className={`${controls.visuallyHidden} ${styles.fileInput}`}
        type="file"
        accept="application/json,.json"
        disabled={busy}
        onChange={(event) => void importFile(event)}
      />
      <label className={controls.button} htmlFor={inputId}>
        {t('importHistory')}
      </label>
      {outcome && 'notice' in outcome ? <StatusMessage tone="success">{outcome.notice}</StatusMessage> : null}
      {outcome && 'error' in outcome ? <ErrorMessage>{describeError(outcome.error)}</ErrorMessage> : null}
      {outcome && 'badFile' in outcome ? (
        <ErrorMessage>{t('historyImportBadFile', outcome.badFile)}</ErrorMessage>
      ) : null}
    </div>
  );
}
