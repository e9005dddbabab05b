import { type FormEvent, useId, useState } from 'react';
import { t } from '@/utils/i18n';
import controls from '../controls.module.css';
import styles from './Curation.module.css';

/** The page's one list of collection names, which every name field suggests from. */
export const COLLECTION_NAMES_ID = 'collection-names';

interface Props {
  busy: boolean;
  onAdd: (name: string) => void;
  /** What the entries are: the row's prompt, or none for the selection (the toolbar names it). */
  label?: string;
}

/** A name (suggested from the existing ones, any new one allowed) and *Add*; Enter adds too. */
export function CollectionForm({ busy, onAdd, label }: Props) {
  const id = useId();
  const [name, setName] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') return;
    onAdd(trimmed);
    setName('');
  };
  return (
    <form className={styles.collections} onSubmit={submit} aria-label={label ?? t('addToCollection')}>
      <div className={`${controls.field} ${styles.nameField}`}>
        <label className={controls.label} htmlFor={id}>
          {t('collectionName')}
        </label>
        <input
          id={id}
          className={controls.input}
          list={COLLECTION_NAMES_ID}
          maxLength={60}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <button type="submit" className={`${controls.button} ${controls.small}`} disabled={busy}>
        {t('add')}
      </button>
    </form>
  );
}

/** The suggestions of every name field, rendered once per page. */
export function CollectionNames({ names }: { names: readonly string[] }) {
  return (
    <datalist id={COLLECTION_NAMES_ID}>
      {names.map((name) => (
        <option key={name} value={name} />
      ))}
    </datalist>
  );
}
