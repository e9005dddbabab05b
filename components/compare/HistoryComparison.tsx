import { type KeyboardEvent, type SyntheticEvent, useCallback, useEffect, useId } from 'react';
import { comparisonGroups } from '@/utils/compare/comparisons';
import { compareCommands } from '@/utils/compare/page/compare-commands';
import { describeError } from '@/utils/describe-error';
import type { HistoryDb } from '@/utils/history/history-db';
import { entriesOfBatch } from '@/utils/history/page/history-reader';
import { useHistoryRead } from '@/utils/history/page/use-history-read';
import type { HistoryEntry } from '@/utils/history/schema';
import { t } from '@/utils/i18n';
import type { ShownModel } from '@/utils/profiles/page/profiles-view';
import type { Settings } from '@/utils/settings/schema';
import { useModalDialog } from '@/utils/ui/use-modal-dialog';
import controls from '../controls.module.css';
import dialogFrame from '../dialog.module.css';
import { ErrorMessage } from '../ErrorMessage';
import { CompareView } from './CompareView';
import styles from './CompareView.module.css';

export interface HistoryComparisonProps {
  /** The entry whose *Compare* was pressed: its batch, and of a batch of several prompts, its prompt. */
  entry: HistoryEntry;
  /** The models of the profile the comparison was made with, for the tiles' names. */
  models: readonly ShownModel[];
  settings: Settings | undefined;
  /** Where focus goes back when the dialog closes. */
  opener: HTMLElement;
  /** Stable: a dialog left with nothing to compare closes itself. */
  onClose: () => void;
}

const NO_ENTRIES: HistoryEntry[] = [];

/**
 * A comparison from the history, modal over the page, read from the history database by its batch (loaded on
 * demand with the compare view: most visits to the history compare nothing). Read again at each change, so a
 * comparison still running fills in while it is open. Escape or *Close* returns focus to the opener.
 */
export function HistoryComparison({ entry, models, settings, opener, onClose }: HistoryComparisonProps) {
  const batchId = entry.batchId ?? '';
  const read = useCallback((db: HistoryDb) => entriesOfBatch(db, batchId), [batchId]);
  const batch = useHistoryRead(read, NO_ENTRIES);
  const tiles = comparisonGroups(batch.value, models, t('compareOwnModel')).find(
    (group) => group[0]?.entry.prompt === entry.prompt,
  );
  const { dialogRef, closeRef } = useModalDialog(opener);
  const headingId = useId();
  const promptId = useId();

  // Its entries removed meanwhile (from another tab): nothing is left to compare.
  const gone = batch.read && !batch.error && !tiles;
  useEffect(() => {
    if (gone) onClose();
  }, [gone, onClose]);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    onClose();
  };
  // The browser's own close request (Escape where keydown did not reach us): React decides.
  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    onClose();
  };

  return (
    <dialog
      ref={dialogRef}
      className={`${dialogFrame.dialog} ${styles.dialog}`}
      aria-labelledby={`${headingId} ${promptId}`}
      onKeyDown={onKeyDown}
      onCancel={onCancel}
    >
      <div className={styles.dialogHeader}>
        <h2 id={headingId} className={styles.dialogHeading}>
          {t('compareHeading')}
        </h2>
        <button ref={closeRef} type="button" className={controls.button} onClick={onClose}>
          {t('compareClose')}
        </button>
      </div>
      <p id={promptId} className={styles.dialogPrompt}>
        {entry.prompt}
      </p>
      {batch.error ? <ErrorMessage>{describeError(batch.error)}</ErrorMessage> : null}
      {tiles ? (
        <CompareView tiles={tiles} {...compareCommands(settings)} />
      ) : batch.read ? null : (
        <p className={styles.hint}>{t('loading')}</p>
      )}
    </dialog>
  );
}
