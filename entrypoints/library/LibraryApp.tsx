import { useCallback, useDeferredValue, useEffect, useRef, useState } from 'react';
import controls from '@/components/controls.module.css';
import { ErrorMessage } from '@/components/ErrorMessage';
import { StatusMessage } from '@/components/StatusMessage';
import { describeError } from '@/utils/describe-error';
import { AppError } from '@/utils/error-info';
import { t } from '@/utils/i18n';
import { MAX_LIBRARY_NAME } from '@/utils/library/limits';
import { menuPrompts } from '@/utils/library/pins';
import type { LibraryPrompt } from '@/utils/library/schema';
import { matchesPrompt, shownLibrary } from '@/utils/library/view';
import { send } from '@/utils/messaging/send';
import { libraryItem, syncStateItem } from '@/utils/storage/items';
import { truncate } from '@/utils/text';
import { useStoredValue } from '@/utils/ui/use-stored';
import { draftOf, type EditorDraft, fieldsOf, NEW_DRAFT } from './editor-draft';
import styles from './Library.module.css';
import { LibraryEditor } from './LibraryEditor';
import { LibraryRow, type RowAction } from './LibraryRow';
import { LibraryTransfer } from './LibraryTransfer';
import { syncNotice } from './sync-notice';

/** Rows rendered at first and added by *Show more*; a search shows its matches the same way. */
const PAGE = 200;

type Status = { notice: string } | { error: string } | undefined;

/** The prompt library: search, a form to add or change a prompt, the list in the person's order, files. */
export function LibraryApp() {
  const stored = useStoredValue(libraryItem, shownLibrary);
  const prompts = stored.value ?? [];
  const notSynced = useStoredValue(syncStateItem, syncNotice).value;
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const [limit, setLimit] = useState(PAGE);
  const [editing, setEditing] = useState<EditorDraft | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>(undefined);
  /** The row button to give focus back to once the library shows a move (its row went to another place). */
  const refocus = useRef<{ id: string; action: RowAction } | undefined>(undefined);
  const matches = deferred ? prompts.filter((prompt) => matchesPrompt(prompt, deferred)) : prompts;
  const shown = matches.slice(0, limit);
  const position = new Map(prompts.map((prompt, index) => [prompt.id, index]));

  // biome-ignore lint/correctness/useExhaustiveDependencies: the moved row is found once the library shows the move.
  useEffect(() => {
    const wanted = refocus.current;
    if (!wanted) return;
    const row = document.querySelector(`[data-prompt-id="${CSS.escape(wanted.id)}"]`);
    const button = row?.querySelector<HTMLButtonElement>(`[data-action="${wanted.action}"]:not(:disabled)`);
    (button ?? row?.querySelector<HTMLButtonElement>('[data-action="edit"]'))?.focus();
    refocus.current = undefined;
  }, [prompts]);

  const run = useCallback((step: () => Promise<string>) => {
    setBusy(true);
    setStatus(undefined);
    step()
      .then(
        (notice) => setStatus({ notice }),
        (failure: unknown) =>
          setStatus({
            error:
              failure instanceof AppError ? describeError(failure.info) : String((failure as Error).message),
          }),
      )
      .finally(() => setBusy(false));
  }, []);

  const onAction = useCallback(
    (prompt: LibraryPrompt, action: RowAction) => {
      const index = prompts.indexOf(prompt);
      if (action === 'edit') {
        setEditing(draftOf(prompt));
        window.scrollTo({ top: 0 });
        return;
      }
      run(async () => {
        if (action === 'delete') {
          await send({ type: 'removePrompts', ids: [prompt.id] });
          return t('libraryDeleted', prompt.name);
        }
        if (action === 'duplicate') {
          const name = truncate(t('libraryCopyName', prompt.name), MAX_LIBRARY_NAME);
          const { id } = await send({ type: 'savePrompt', prompt: { ...fieldsOf(prompt), name } });
          await send({ type: 'movePrompt', id, to: index + 1 });
          return t('libraryDuplicated', name);
        }
        refocus.current = { id: prompt.id, action };
        const to = action === 'up' ? index - 1 : index + 1;
        await send({ type: 'movePrompt', id: prompt.id, to });
        return t('libraryMoved', [prompt.name, to + 1]);
      });
    },
    [prompts, run],
  );

  const closeEditor = () => setEditing(undefined);
  const searching = deferred !== '';
  return (
    <main className={styles.page}>
      <h1 className={styles.title}>{t('libraryTitle')}</h1>
      <p className={styles.muted}>{t('libraryIntro')}</p>
      {notSynced ? <StatusMessage>{notSynced}</StatusMessage> : null}
      <div className={styles.toolbar}>
        <div className={`${controls.field} ${styles.search}`}>
          <label className={controls.label} htmlFor="library-search">
            {t('librarySearch')}
          </label>
          <input
            id="library-search"
            className={controls.input}
            type="search"
            value={query}
            onChange={(event) => {
              setQuery(event.currentTarget.value);
              setLimit(PAGE);
            }}
          />
        </div>
        <button type="button" className={controls.primary} onClick={() => setEditing(NEW_DRAFT)}>
          {t('libraryNew')}
        </button>
        <LibraryTransfer
          prompts={prompts}
          busy={busy}
          run={run}
          badFile={(name) => t('historyImportBadFile', name)}
          onImport={async (file) => {
            try {
              const { promptsOfLibraryFile } = await import('@/utils/library/file');
              const { added, total } = await send({
                type: 'importLibrary',
                prompts: promptsOfLibraryFile(file),
              });
              return t('libraryImported', [added, total]);
            } catch (failure) {
              if (!(failure instanceof AppError) || failure.info.kind !== 'invalid_input') throw failure;
              throw new Error(t('libraryImportRefused', failure.info.detail ?? failure.info.message));
            }
          }}
        />
      </div>
      {status && 'notice' in status ? <StatusMessage tone="success">{status.notice}</StatusMessage> : null}
      {status && 'error' in status ? <ErrorMessage>{status.error}</ErrorMessage> : null}
      {editing ? (
        <LibraryEditor
          key={editing.id ?? 'new'}
          initial={editing}
          pinnedElsewhere={menuPrompts(prompts).filter((prompt) => prompt.id !== editing.id).length}
          busy={busy}
          onCancel={closeEditor}
          onSave={(prompt) =>
            run(async () => {
              await send({ type: 'savePrompt', prompt });
              closeEditor();
              return t('librarySaved', prompt.name);
            })
          }
        />
      ) : null}
      <p className={styles.muted} aria-live="polite" data-testid="library-count">
        {searching
          ? t('libraryMatches', [matches.length, prompts.length])
          : t('libraryCount', prompts.length)}
      </p>
      <ol className={styles.list} aria-label={t('libraryTitle')}>
        {shown.map((prompt) => {
          const index = position.get(prompt.id) ?? 0;
          return (
            <LibraryRow
              key={prompt.id}
              prompt={prompt}
              canMoveUp={!searching && index > 0}
              canMoveDown={!searching && index < prompts.length - 1}
              busy={busy}
              onAction={onAction}
            />
          );
        })}
      </ol>
      {matches.length > shown.length ? (
        <button
          type="button"
          className={controls.button}
          onClick={() => setLimit((current) => current + PAGE)}
        >
          {t('libraryShowMore', matches.length - shown.length)}
        </button>
      ) : null}
    </main>
  );
}
