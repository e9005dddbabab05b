import { useId, useState } from 'react';
import { describeError } from '@/utils/describe-error';
import { type ErrorInfo, toErrorInfo } from '@/utils/error-info';
import { t } from '@/utils/i18n';
import { MAX_LIBRARY_NAME } from '@/utils/library/limits';
import type { LibraryPrompt } from '@/utils/library/schema';
import { tagsOf } from '@/utils/library/view';
import { send } from '@/utils/messaging/send';
import { collapseWhitespace, truncate } from '@/utils/text';
import { ErrorMessage } from '../ErrorMessage';
import { InlineForm } from '../InlineForm';
import { TextField } from '../TextField';

export type SavedFields = Pick<LibraryPrompt, 'text' | 'kind' | 'options' | 'model'>;

export interface SaveToLibraryProps {
  prompt: SavedFields;
  /** Told the name it was saved under. */
  onSaved: (name: string) => void;
  onCancel: () => void;
}

/** Asks for a name (the prompt's start, to change) and tags, then saves the prompt into the library. */
export function SaveToLibrary({ prompt, onSaved, onCancel }: SaveToLibraryProps) {
  const id = useId();
  const [name, setName] = useState(() => truncate(collapseWhitespace(prompt.text), 40));
  const [tags, setTags] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorInfo | undefined>(undefined);
  const save = async () => {
    setBusy(true);
    try {
      const fields = { ...prompt, name: name.trim(), tags: tagsOf(tags) };
      await send({ type: 'savePrompt', prompt: fields });
      onSaved(fields.name);
    } catch (failure) {
      setError(toErrorInfo(failure));
      setBusy(false);
    }
  };
  return (
    <InlineForm
      legend={t('librarySave')}
      confirmLabel={t('librarySaveConfirm')}
      ready={!busy && name.trim() !== ''}
      onConfirm={() => void save()}
      onCancel={onCancel}
    >
      <TextField
        id={`${id}-name`}
        label={t('libraryName')}
        value={name}
        maxLength={MAX_LIBRARY_NAME}
        required
        autoFocus
        onFocus={(event) => event.currentTarget.select()}
        onChange={setName}
      />
      <TextField
        id={`${id}-tags`}
        label={t('libraryTags')}
        hint={t('libraryTagsHint')}
        value={tags}
        onChange={setTags}
      />
      {error ? <ErrorMessage>{describeError(error)}</ErrorMessage> : null}
    </InlineForm>
  );
}
