import type { ReactNode } from 'react';
import { describeError } from '@/utils/describe-error';
import type { HistoryEntry } from '@/utils/history/schema';
import { t } from '@/utils/i18n';
import { send } from '@/utils/messaging/send';
import { truncate } from '@/utils/ui/format';
import { useCommand } from '@/utils/ui/hooks';
import controls from '../controls.module.css';
import { ErrorMessage } from '../ErrorMessage';
import styles from '../history/Entry.module.css';

interface Props {
  entry: HistoryEntry;
  /** Puts the entry into a prompt form; without one (no form on the page) the button is not offered. */
  onEdit?: (entry: HistoryEntry) => void;
  /** The id of the shown failure reason, which "Try again" is described by. */
  reasonId?: string;
  /** Further tools of the row (the history page's Remove). */
  children?: ReactNode;
}

/**
 * "Generate again" (or "Try again" beside a failure) and "Edit & generate" for a finished entry. The new
 * entry appears in the lists from storage; a refusal is also said here, beside the button that was pressed.
 */
export function EntryRetry({ entry, onEdit, reasonId, children }: Props) {
  const { busy: sending, error, run } = useCommand();
  // A running entry has nothing to do again yet.
  if (entry.status === 'running') return children ? <div className={styles.tools}>{children}</div> : null;
  const failed = entry.status === 'failed';
  const prompt = truncate(entry.prompt, 60);
  const button = `${controls.button} ${controls.small}`;

  const again = (overBudget?: true) =>
    run(() => send({ type: 'regenerate', entryId: entry.id, ...(overBudget ? { overBudget } : {}) }));

  return (
    <>
      <div className={styles.tools}>
        <button
          type="button"
          className={button}
          aria-label={t(failed ? 'retryEntryLabel' : 'regenerateEntryLabel', prompt)}
          aria-describedby={failed ? reasonId : undefined}
          disabled={sending}
          onClick={() => again()}
        >
          {t(failed ? 'retryEntry' : 'regenerateEntry')}
        </button>
        {onEdit ? (
          <button
            type="button"
            className={button}
            aria-label={t('editEntryLabel', prompt)}
            onClick={() => onEdit(entry)}
          >
            {t('editEntry')}
          </button>
        ) : null}
        {children}
      </div>
      {error ? <ErrorMessage inline>{describeError(error)}</ErrorMessage> : null}
      {error?.kind === 'over_budget' ? (
        <button type="button" className={button} disabled={sending} onClick={() => again(true)}>
          {t('overBudgetGoOn')}
        </button>
      ) : null}
    </>
  );
}
