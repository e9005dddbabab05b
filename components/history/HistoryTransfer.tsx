import { type ChangeEvent, useId, useState } from 'react';
import { describeError } from '@/utils/describe-error';
import { toErrorInfo } from '@/utils/error-info';
import type { ErrorInfo } from '@/utils/errors';
import type { HistoryFile } from '@/utils/history/transfer';
import { t } from '@/utils/i18n';
import { send } from '@/utils/messaging/send';
import { ConfirmButtons } from '../ConfirmButtons';
import controls from '../controls.module.css';
import { ErrorMessage } from '../ErrorMessage';
import { JsonFileInput } from '../JsonFileInput';
import { StatusMessage } from '../StatusMessage';
import styles from './HistoryFind.module.css';

type Outcome = { notice: string } | { error: ErrorInfo } | { badFile: string; reason?: string } | undefined;

/** A file whose import would push stored entries out: held until the person answers. */
interface Question {
  name: string;
  contents: HistoryFile;
  adding: number;
  removing: number;
}

/** The file code (its schema included) loads when a file is exported or chosen, not with the page. */
const historyFile = () => import('@/utils/history/page/history-file');

/**
 * *Export* saves the history, with the prompt library, as a JSON file; *Import* reads one back. The page
 * checks both parts field by field and the background merges their entries and prompts, so a file that is
 * not an export is refused as a whole and the history and library stay as they were. An import that
 * would push older entries out at the history's cap is first a question: only the person's yes applies it,
 * and the library's part goes in only after the entries did.
 */
export function HistoryTransfer() {
  const inputId = useId();
  const questionId = useId();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(undefined);
  const [question, setQuestion] = useState<Question>();

  /** Sends the file; `removeUpTo` is what the person agreed to lose (none until asked). */
  const runImport = async (name: string, contents: HistoryFile, removeUpTo?: number) => {
    setQuestion(undefined);
    const { prompts } = contents;
    // The background reads the entries by this URL, which lives only as long as the question it answers.
    const entries = URL.createObjectURL(contents.entries);
    const answer = await send({
      type: 'importHistory',
      entries,
      ...(removeUpTo ? { removeUpTo } : {}),
    }).finally(() => URL.revokeObjectURL(entries));
    if (!answer.imported) {
      setQuestion({ name, contents, adding: answer.adding, removing: answer.removing });
      return;
    }
    const library =
      prompts.length > 0 ? await send({ type: 'importLibrary', prompts, replace: false }) : undefined;
    const imported = library
      ? t('historyImportedWithLibrary', [answer.added, prompts.length, library.added, answer.skipped])
      : t('historyImported', [answer.added, answer.skipped]);
    setOutcome({
      notice: answer.removed > 0 ? `${imported} ${t('historyImportRemoved', answer.removed)}` : imported,
    });
  };

  const settle = async (name: string, attempt: () => Promise<void>) => {
    setBusy(true);
    setOutcome(undefined);
    try {
      await attempt();
    } catch (failure) {
      const error = toErrorInfo(failure);
      setOutcome(error.kind === 'invalid_input' ? { badFile: name, reason: error.detail } : { error });
    } finally {
      setBusy(false);
    }
  };

  const exportAll = () => {
    setBusy(true);
    setOutcome(undefined);
    historyFile()
      .then(({ exportHistoryFile }) => exportHistoryFile())
      .then(
        ({ entries, prompts }) =>
          setOutcome({
            notice:
              prompts > 0
                ? t('historyExportedWithLibrary', [entries, prompts])
                : t('historyExported', entries),
          }),
        (failure) => setOutcome({ error: toErrorInfo(failure) }),
      )
      .finally(() => setBusy(false));
  };

  const importFile = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setQuestion(undefined);
    // Choosing the same file again (after fixing it, say) must fire another change, whatever this one was.
    input.value = '';
    return settle(file.name, async () => {
      const contents = await (await historyFile()).contentsOfFile(file);
      if (!contents) return setOutcome({ badFile: file.name });
      await runImport(file.name, contents);
    });
  };

  return (
    <div className={styles.transfer}>
      <button type="button" className={controls.button} disabled={busy} onClick={exportAll}>
        {t('exportHistory')}
      </button>
      <JsonFileInput
        id={inputId}
        label={t('importHistory')}
        disabled={busy}
        onChange={(event) => void importFile(event)}
      />
      {outcome && 'notice' in outcome ? <StatusMessage tone="success">{outcome.notice}</StatusMessage> : null}
      {outcome && 'error' in outcome ? <ErrorMessage>{describeError(outcome.error)}</ErrorMessage> : null}
      {outcome && 'badFile' in outcome ? (
        <ErrorMessage>
          {outcome.reason
            ? t('historyImportBadFileReason', [outcome.badFile, outcome.reason])
            : t('historyImportBadFile', outcome.badFile)}
        </ErrorMessage>
      ) : null}
      {question ? (
        <section className={styles.question} aria-labelledby={questionId}>
          <p id={questionId}>{t('historyImportConfirm', [question.adding, question.removing])}</p>
          <ConfirmButtons
            confirmLabel={t('historyImportAnyway')}
            busy={busy}
            onConfirm={() =>
              void settle(question.name, () => runImport(question.name, question.contents, question.removing))
            }
            onCancel={() => {
              setQuestion(undefined);
              setOutcome({ notice: t('historyImportCancelled') });
            }}
          />
        </section>
      ) : null}
    </div>
  );
}
