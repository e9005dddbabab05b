import type { InputHTMLAttributes } from 'react';
import controls from './controls.module.css';
import { ErrorMessage } from './ErrorMessage';
import { Field } from './Field';

interface Props
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'className'> {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  /** The localised problem to show under the field. */
  problem?: string;
}

/** A labelled input with an optional hint and inline problem, both tied to it with aria-describedby. */
export function TextField({ id, label, value, onChange, hint, problem, ...rest }: Props) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', problem ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <Field id={id} label={label}>
      <input
        {...rest}
        id={id}
        className={controls.input}
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      {hint ? (
        <p id={hintId} className={controls.hint}>
          {hint}
        </p>
      ) : null}
      {problem ? (
        <ErrorMessage id={errorId} inline>
          {problem}
        </ErrorMessage>
      ) : null}
    </Field>
  );
}
