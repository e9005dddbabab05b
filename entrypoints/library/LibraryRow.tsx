import { memo, useState } from 'react';
import { ConfirmButtons } from '@/components/ConfirmButtons';
import controls from '@/components/controls.module.css';
import { t } from '@/utils/i18n';
import type { LibraryPrompt } from '@/utils/library/schema';
import { truncate } from '@/utils/text';
import styles from './Library.module.css';

export type RowAction = 'edit' | 'duplicate' | 'up' | 'down' | 'delete';

interface Props {
  prompt: LibraryPrompt;
  /** Where the move buttons can go; both false while a search hides the neighbours. */
  canMoveUp: boolean;
  canMoveDown: boolean;
  busy: boolean;
  onAction: (prompt: LibraryPrompt, action: RowAction) => void;
}

/** One saved prompt, with what can be done to it; delete asks first, in the row. */
export const LibraryRow = memo(function LibraryRow({
  prompt,
  canMoveUp,
  canMoveDown,
  busy,
  onAction,
}: Props) {
  const [confirming, setConfirming] = useState(false);
  const small = `${controls.button} ${controls.small}`;
  const meta = [
    prompt.kind ? t(prompt.kind === 'image' ? 'kindImage' : 'kindVideo') : '',
    prompt.model ?? '',
    prompt.pin ? t(prompt.pin === 'video' ? 'libraryPinnedVideo' : 'libraryPinnedImage') : '',
    ...prompt.tags.map((tag) => `#${tag}`),
  ].filter(Boolean);
  const button = (action: RowAction, label: string, disabled = false) => (
    <button
      type="button"
      className={small}
      data-action={action}
      // Not held while a command runs: a held button drops the focus a keyboard move keeps on it.
      disabled={disabled}
      aria-label={`${label}: ${prompt.name}`}
      onClick={() => (action === 'delete' ? setConfirming(true) : onAction(prompt, action))}
    >
      {label}
    </button>
  );
  return (
    <li className={styles.row} data-testid="library-row" data-prompt-id={prompt.id}>
      <h2 className={styles.name}>{prompt.name}</h2>
      {meta.length > 0 ? <p className={styles.muted}>{meta.join(' · ')}</p> : null}
      <p className={styles.text}>{truncate(prompt.text, 300)}</p>
      <div className={styles.actions}>
        {confirming ? (
          <>
            <span>{t('libraryDeleteQuestion', prompt.name)}</span>
            <ConfirmButtons
              confirmLabel={t('libraryDelete')}
              busy={busy}
              onConfirm={() => onAction(prompt, 'delete')}
              onCancel={() => setConfirming(false)}
            />
          </>
        ) : (
          <>
            {button('edit', t('libraryEdit'))}
            {button('duplicate', t('libraryDuplicate'))}
            {button('up', t('libraryMoveUp'), !canMoveUp)}
            {button('down', t('libraryMoveDown'), !canMoveDown)}
            {button('delete', t('libraryDelete'))}
          </>
        )}
      </div>
    </li>
  );
});
