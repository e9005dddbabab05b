import { useState } from 'react';
import { describeError } from '@/utils/describe-error';
import { t } from '@/utils/i18n';
import { send } from '@/utils/messaging/send';
import { truncate } from '@/utils/ui/format';
import { useCommand } from '@/utils/ui/hooks';
import controls from '../controls.module.css';
import { ErrorMessage } from '../ErrorMessage';
import { CollectionForm } from './CollectionForm';
import styles from './Curation.module.css';

interface Props {
  entryId: string;
  prompt: string;
  collections: readonly string[];
}

/** One entry's collections as chips that take it out again, and the (folded) form that puts it in another. */
export function EntryCollections({ entryId, prompt, collections }: Props) {
  const { busy, error, run } = useCommand();
  const [open, setOpen] = useState(false);
  const change = (collection: string, member: boolean) =>
    run(() => send({ type: 'setCollection', ids: [entryId], collection, member }));
  return (
    <div className={styles.collections}>
      {collections.length > 0 ? (
        <ul className={styles.chips}>
          {collections.map((name) => (
            <li key={name}>
              <button
                type="button"
                className={`${controls.button} ${controls.small} ${styles.chip}`}
                aria-label={t('removeFromCollection', name)}
                disabled={busy}
                onClick={() => change(name, false)}
              >
                {name} ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {/*
        Folded: sixty open forms would bury the prompts they belong to. The form exists only while open: each
        suggesting field is tied to the one list of names, and thousands of them made every row added cost
        more than the one before.
      */}
      <details onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>{t('addToCollection')}</summary>
        {open ? (
          <CollectionForm
            busy={busy}
            onAdd={(name) => change(name, true)}
            label={t('collectionsOf', truncate(prompt, 60))}
          />
        ) : null}
      </details>
      {error ? <ErrorMessage inline>{describeError(error)}</ErrorMessage> : null}
    </div>
  );
}
