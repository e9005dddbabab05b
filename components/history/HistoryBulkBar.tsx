import { useRef, useState } from 'react';
import { describeError } from '@/utils/describe-error';
import { downloadEntryFiles } from '@/utils/downloads/page/download-command';
import { savedFileChoices } from '@/utils/downloads/page/saved-file-choices';
import { toErrorInfo } from '@/utils/error-info';
import type { ErrorInfo } from '@/utils/errors';
import type { HistoryEntry } from '@/utils/history/schema';
import { t } from '@/utils/i18n';
import { send } from '@/utils/messaging/send';
import { truncate } from '@/utils/ui/format';
import { ConfirmButtons } from '../ConfirmButtons';
import controls from '../controls.module.css';
import { ErrorMessage } from '../ErrorMessage';
import { StatusMessage } from '../StatusMessage';
import { CollectionForm } from './CollectionForm';
import styles from './Curation.module.css';

// fflate comes with this module: only a click on *Download as zip* loads it.
const zips = () => import('@/utils/history/page/history-zip');

type Outcome = { notice?: string } | { error: ErrorInfo } | undefined;

interface Props {
  /** The selected entries, in the list's order. */
  selected: readonly HistoryEntry[];
  shown: number;
  onSelectAll: () => void;
  onClear: () => void;
}

const withFiles = (entries: readonly HistoryEntry[]) =>
  entries.filter((entry) => entry.status === 'completed' && entry.urls.length > 0);

/** Each file of each entry, one save at a time: a hundred parallel downloads would swamp the browser. */
async function downloadEach(entries: readonly HistoryEntry[]): Promise<string> {
  for (const entry of entries) await downloadEntryFiles(entry, undefined, send);
  return t('downloadsStarted', entries.length);
}

async function downloadZip(entries: readonly HistoryEntry[]): Promise<string> {
  const { downloadZip: save } = await zips();
  const { saved, skipped } = await save(entries, 'promptcast-selection.zip', await savedFileChoices());
  if (saved === 0) return t('zipNothing');
  const left = [...new Set(skipped.map((file) => truncate(file.entry.prompt, 40)))].join(', ');
  return skipped.length > 0
    ? `${t('zipSaved', saved)} ${t('zipSkipped', [skipped.length, left])}`
    : t('zipSaved', saved);
}

/**
 * What can be done to the selection at once: delete (after a yes), (un)favourite, add to a collection,
 * export, and save the files one by one or as one zip. Each outcome is said here, beside the buttons.
 */
export function HistoryBulkBar({ selected, shown, onSelectAll, onClear }: Props) {
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(undefined);
  const ids = selected.map((entry) => entry.id);
  const none = ids.length === 0;
  const files = withFiles(selected);
  const button = `${controls.button} ${controls.small}`;

  const deleteButton = useRef<HTMLButtonElement>(null);

  /** Runs one action; the notice it resolves with is said (a change the rows show says nothing more). */
  const act = (action: () => Promise<string | undefined>) => {
    setBusy(true);
    setOutcome(undefined);
    action()
      .then(
        (notice) => setOutcome({ notice }),
        (failure: unknown) => setOutcome({ error: toErrorInfo(failure) }),
      )
      .finally(() => setBusy(false));
  };

  const remove = () =>
    act(async () => {
      try {
        const { removed } = await send({ type: 'removeEntries', ids });
        onClear();
        return t('entriesDeleted', removed);
      } finally {
        setConfirming(false);
        // The buttons that had focus are gone or disabled: the page's heading takes it.
        document.getElementById('history-heading')?.focus();
      }
    });
  const favourite = (on: boolean) =>
    act(async () => {
      await send({ type: 'setFavourite', ids, favourite: on });
      return undefined;
    });

  return (
    <>
      <div role="toolbar" aria-label={t('bulkActions')} className={styles.bar}>
        <span>{t('selectedCount', ids.length)}</span>
        <button type="button" className={button} disabled={selected.length >= shown} onClick={onSelectAll}>
          {t('selectAllShown')}
        </button>
        <button type="button" className={button} disabled={none} onClick={onClear}>
          {t('clearSelection')}
        </button>
        <button
          type="button"
          className={`${controls.danger} ${controls.small}`}
          ref={deleteButton}
          disabled={none || busy}
          onClick={() => setConfirming(true)}
        >
          {t('deleteSelected')}
        </button>
        <button type="button" className={button} disabled={none || busy} onClick={() => favourite(true)}>
          {t('favouriteSelected')}
        </button>
        <button type="button" className={button} disabled={none || busy} onClick={() => favourite(false)}>
          {t('unfavouriteSelected')}
        </button>
        <button
          type="button"
          className={button}
          disabled={none || busy}
          onClick={() =>
            act(async () => {
              const { exportHistoryFile } = await import('@/utils/history/page/history-file');
              return t('historyExported', (await exportHistoryFile(ids)).entries);
            })
          }
        >
          {t('exportSelected')}
        </button>
        <button
          type="button"
          className={button}
          disabled={files.length === 0 || busy}
          onClick={() => act(() => downloadEach(files))}
        >
          {t('downloadEach')}
        </button>
        <button
          type="button"
          className={button}
          disabled={files.length === 0 || busy}
          onClick={() => act(() => downloadZip(files))}
        >
          {t('downloadZip')}
        </button>
        {none ? null : (
          <CollectionForm
            busy={busy}
            onAdd={(collection) =>
              act(async () => {
                await send({ type: 'setCollection', ids, collection, member: true });
                return undefined;
              })
            }
          />
        )}
      </div>
      {confirming ? (
        <section className={styles.bar} aria-labelledby="bulk-delete-text">
          <p id="bulk-delete-text">{t('deleteSelectedConfirm', ids.length)}</p>
          <ConfirmButtons
            confirmLabel={t('deleteSelectedYes')}
            busy={busy}
            onConfirm={remove}
            onCancel={() => {
              setConfirming(false);
              deleteButton.current?.focus();
            }}
          />
        </section>
      ) : null}
      {outcome && 'notice' in outcome && outcome.notice ? (
        <StatusMessage tone="success">{outcome.notice}</StatusMessage>
      ) : null}
      {outcome && 'error' in outcome ? <ErrorMessage>{describeError(outcome.error)}</ErrorMessage> : null}
    </>
  );
}
