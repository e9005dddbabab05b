import type { ReactNode } from 'react';
import controls from './controls.module.css';

interface Props {
  /** The control's id, which the label names. */
  id: string;
  label: string;
  /** The control, then its hint and problem. */
  children: ReactNode;
}

/** A form field's frame: its label, tied to the control by id, above the control. */
export function Field({ id, label, children }: Props) {
  return (
    <div className={controls.field}>
      <label className={controls.label} htmlFor={id}>
        {label}
      </label>
      {children}
    </div>
  );
}
