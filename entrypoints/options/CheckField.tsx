import controls from '@/components/controls.module.css';
import styles from './Options.module.css';

interface Props {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** A setting that is on or off, with the sentence that says what it does. */
export function CheckField({ id, label, hint, checked, onChange }: Props) {
  return (
    <>
      <div className={controls.checkRow}>
        <input
          id={id}
          className={controls.checkbox}
          type="checkbox"
          checked={checked}
          aria-describedby={`${id}-hint`}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      <p id={`${id}-hint`} className={styles.muted}>
        {hint}
      </p>
    </>
  );
}
