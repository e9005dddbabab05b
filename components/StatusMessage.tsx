import type { ReactNode } from 'react';
import styles from './Messages.module.css';

interface Props {
  id?: string;
  children: ReactNode;
  tone?: 'neutral' | 'success';
  inline?: boolean;
}

/** Progress or a confirmation, announced politely. Render it only while there is something to say. */
export function StatusMessage({ id, children, tone = 'neutral', inline = false }: Props) {
  const classes = [styles.status, tone === 'success' ? styles.success : '', inline ? styles.inline : '']
    .filter(Boolean)
    .join(' ');
  return (
    <p id={id} role="status" className={classes}>
      {children}
    </p>
  );
}
