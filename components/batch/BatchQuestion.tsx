import type { ReactNode } from 'react';
import { t } from '@/utils/i18n';
import { ConfirmButtons } from '../ConfirmButtons';
import styles from '../prompts/PromptForm.module.css';

/** "Make 6 images now?" asked in place, not in a browser dialog; focus lands on the answer. */
export function BatchQuestion(props: {
  question: string;
  /** What it would probably spend, under the question. */
  preview?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <fieldset className={styles.question}>
      <legend className={styles.questionText}>{props.question}</legend>
      {props.preview}
      <div className={styles.questionActions}>
        <ConfirmButtons
          confirmLabel={t('batchConfirm')}
          busy={false}
          onConfirm={props.onConfirm}
          onCancel={props.onCancel}
        />
      </div>
    </fieldset>
  );
}
