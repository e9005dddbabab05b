import { useId, useState } from 'react';
import controls from '@/components/controls.module.css';
import { ErrorMessage } from '@/components/ErrorMessage';
import { Field } from '@/components/Field';
import { VideoOptionsFields } from '@/components/prompts/VideoOptionsFields';
import { TextField } from '@/components/TextField';
import { describeProblem, t } from '@/utils/i18n';
import { MAX_LIBRARY_MODEL, MAX_LIBRARY_NAME, MAX_PINNED } from '@/utils/library/limits';
import type { RequestOf } from '@/utils/messaging/protocol';
import { templateVariables } from '@/utils/prompts/template';
import { MAX_PROMPT_LENGTH } from '@/utils/validation';
import { type EditorDraft, type EditorProblem, savedDraft } from './editor-draft';
import styles from './Library.module.css';
import { MenuPinField } from './MenuPinField';

interface Props {
  initial: EditorDraft;
  /** How many other prompts the context menu offers: at MAX_PINNED, no more can be pinned. */
  pinnedElsewhere: number;
  busy: boolean;
  onSave: (prompt: RequestOf<'savePrompt'>['prompt']) => void;
  onCancel: () => void;
}

const PROBLEM_FIELD: Record<EditorProblem, string> = {
  name: 'library-name',
  text: 'library-text',
  tags: 'library-tags',
  video: 'library-video-duration',
};

/** A new prompt or one being changed: name, tags, text, and what it is made with. */
export function LibraryEditor({ initial, pinnedElsewhere, busy, onSave, onCancel }: Props) {
  const headingId = useId();
  const [draft, setDraft] = useState(initial);
  const [problem, setProblem] = useState<EditorProblem | undefined>(undefined);
  const set = (change: Partial<EditorDraft>) => setDraft((previous) => ({ ...previous, ...change }));
  const variables = templateVariables(draft.text);
  const checked = savedDraft(draft);
  const shown = problem && 'problem' in checked ? checked : undefined;
  const problemText = (field: EditorProblem) =>
    shown?.problem !== field
      ? undefined
      : field === 'video' && shown.detail
        ? describeProblem(shown.detail)
        : t(
            field === 'name'
              ? 'libraryNameMissing'
              : field === 'tags'
                ? 'libraryTagsTooMany'
                : 'libraryTextMissing',
            [MAX_PROMPT_LENGTH],
          );
  return (
    <form
      className={styles.editor}
      aria-labelledby={headingId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if ('prompt' in checked) return onSave(checked.prompt);
        setProblem(checked.problem);
        document.getElementById(PROBLEM_FIELD[checked.problem])?.focus();
      }}
    >
      <h2 id={headingId}>{t(draft.id ? 'libraryEditTitle' : 'libraryNewTitle')}</h2>
      <TextField
        id="library-name"
        label={t('libraryName')}
        value={draft.name}
        maxLength={MAX_LIBRARY_NAME}
        autoFocus
        problem={problemText('name')}
        onChange={(name) => set({ name })}
      />
      <TextField
        id="library-tags"
        label={t('libraryTags')}
        hint={t('libraryTagsHint')}
        value={draft.tags}
        problem={problemText('tags')}
        onChange={(tags) => set({ tags })}
      />
      <Field id="library-text" label={t('libraryText')}>
        <textarea
          id="library-text"
          className={controls.textarea}
          rows={5}
          value={draft.text}
          aria-invalid={problemText('text') ? true : undefined}
          aria-describedby="library-text-hint"
          onChange={(event) => set({ text: event.currentTarget.value })}
        />
        <p id="library-text-hint" className={controls.hint}>
          {variables.length > 0
            ? t('libraryTextVariables', variables.map((variable) => variable.name).join(', '))
            : t('libraryTextHint')}{' '}
          {t('promptCounter', [draft.text.length, MAX_PROMPT_LENGTH])}
        </p>
        {problemText('text') ? <ErrorMessage inline>{problemText('text')}</ErrorMessage> : null}
      </Field>
      <Field id="library-kind" label={t('libraryKind')}>
        <select
          id="library-kind"
          className={controls.select}
          value={draft.kind}
          onChange={(event) => set({ kind: event.currentTarget.value as EditorDraft['kind'] })}
        >
          <option value="">{t('libraryKindAny')}</option>
          <option value="image">{t('kindImage')}</option>
          <option value="video">{t('kindVideo')}</option>
        </select>
      </Field>
      <MenuPinField draft={draft} menuFull={pinnedElsewhere >= MAX_PINNED} onChange={(pin) => set({ pin })} />
      <div className={controls.checkRow}>
        <input
          id="library-with-options"
          className={controls.checkbox}
          type="checkbox"
          checked={draft.withOptions}
          onChange={(event) => set({ withOptions: event.currentTarget.checked })}
        />
        <label htmlFor="library-with-options">{t('libraryWithOptions')}</label>
      </div>
      {draft.withOptions ? (
        <VideoOptionsFields
          idPrefix="library-video"
          legend={t('videoOptionsLegend')}
          value={draft.video}
          onChange={(video) => set({ video })}
          showProblems={problem === 'video'}
        />
      ) : null}
      <TextField
        id="library-model"
        label={t('libraryModel')}
        hint={t('libraryModelHint')}
        value={draft.model}
        maxLength={MAX_LIBRARY_MODEL}
        onChange={(model) => set({ model })}
      />
      <div className={styles.actions}>
        <button type="submit" className={controls.primary} disabled={busy}>
          {t('librarySaveConfirm')}
        </button>
        <button type="button" className={controls.button} onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
