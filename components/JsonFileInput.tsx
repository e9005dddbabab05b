import type { ChangeEvent } from 'react';
import controls from './controls.module.css';
import styles from './JsonFileInput.module.css';

interface Props {
  id: string;
  label: string;
  disabled: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/**
 * A button-looking label over a hidden JSON file input (import a history or a library file). The input
 * stays in the tab order, hidden behind its label, which shows its focus.
 */
export function JsonFileInput({ id, label, disabled, onChange }: Props) {
  return (
    <>
      <input
        id={id}
        className={`${controls.visuallyHidden} ${styles.fileInput}`}
        type="file"
        accept="application/json,.json"
        disabled={disabled}
        onChange={onChange}
      />
      <label className={controls.button} htmlFor={id}>
        {label}
      </label>
    </>
  );
}
