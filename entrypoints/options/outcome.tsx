import { ErrorMessage } from '@/components/ErrorMessage';
import { StatusMessage } from '@/components/StatusMessage';
import styles from './Options.module.css';

/** What the latest save, test or removal is doing, or how it ended. */
export type Outcome =
  | { type: 'idle' }
  | { type: 'progress'; text: string }
  | { type: 'success'; text: string }
  | { type: 'error'; text: string };

export function OutcomeMessage({ outcome }: { outcome: Outcome }) {
  return (
    <div className={styles.outcome}>
      {outcome.type === 'progress' ? <StatusMessage>{outcome.text}</StatusMessage> : null}
      {outcome.type === 'success' ? <StatusMessage tone="success">{outcome.text}</StatusMessage> : null}
      {outcome.type === 'error' ? <ErrorMessage>{outcome.text}</ErrorMessage> : null}
    </div>
  );
}
