import type { ReactNode } from 'react';
import styles from './Messages.module.css';

interface Props {
  id?: string;
  children: ReactNode;
  /** Inline under a field rather than a boxed message. */
  inline?: boolean;
}

/** A failure the person must notice; announced by screen readers as it appears. */
export function ErrorMessage({ id, children, inline = false }: Props) {
  return (
    <p id={id} role="alert" className={inline ? `${styles.alert} ${styles.inline}` : styles.alert}>
      {children}
    </p>
  );
}
