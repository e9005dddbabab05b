import type { ReactNode } from 'react';
import { t } from '@/utils/i18n';
import controls from './controls.module.css';
import styles from './library/Library.module.css';

interface Props {
  legend: string;
  /** What the primary button says; it and Enter in a text field act only while `ready`. */
  confirmLabel: string;
  ready: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children: ReactNode;
}

/**
 * A small form that opens inside the prompt form (save to the library, a template's values). Forms do not
 * nest, so it is a fieldset whose text fields act on Enter as a form's would, ending in its button and
 * *Cancel*.
 */
export function InlineForm({ legend, confirmLabel, ready, onConfirm, onCancel, children }: Props) {
  const confirm = () => {
    if (ready) onConfirm();
  };
  return (
    <fieldset
      className={styles.box}
      onKeyDown={(event) => {
        if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
        event.preventDefault();
        confirm();
      }}
    >
      <legend className={controls.label}>{legend}</legend>
      {children}
      <div className={styles.row}>
        <button type="button" className={controls.primary} disabled={!ready} onClick={confirm}>
          {confirmLabel}
        </button>
        <button type="button" className={controls.button} onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </fieldset>
  );
}
