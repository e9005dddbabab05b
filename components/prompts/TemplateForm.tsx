import { useId, useState } from 'react';
import { describeProblem, t } from '@/utils/i18n';
import type { LibraryPrompt } from '@/utils/library/schema';
import { fillTemplate, type TemplateVariable } from '@/utils/prompts/template';
import { cleanPrompt, MAX_PROMPT_LENGTH, promptProblem } from '@/utils/validation';
import controls from '../controls.module.css';
import { ErrorMessage } from '../ErrorMessage';
import { InlineForm } from '../InlineForm';
import styles from '../library/Library.module.css';
import { TextField } from '../TextField';

interface Props {
  prompt: LibraryPrompt;
  variables: readonly TemplateVariable[];
  onConfirm: (text: string) => void;
  onCancel: () => void;
}

/**
 * Asks for each `{{name}}` of a saved prompt (prefilled with its default) and shows the text they make and
 * the characters left. Nothing leaves the page here: confirming only puts the text in the prompt box.
 */
export function TemplateForm({ prompt, variables, onConfirm, onCancel }: Props) {
  const id = useId();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(variables.map((variable) => [variable.name, variable.default ?? ''])),
  );
  const text = fillTemplate(prompt.text, values);
  const left = MAX_PROMPT_LENGTH - cleanPrompt(text).length;
  const problem = promptProblem(text);
  return (
    <InlineForm
      legend={t('templateTitle', prompt.name)}
      confirmLabel={t('templateInsert')}
      ready={problem === undefined}
      onConfirm={() => onConfirm(text)}
      onCancel={onCancel}
    >
      {variables.map((variable, index) => (
        <TextField
          key={variable.name}
          id={`${id}-var-${index}`}
          label={variable.name}
          value={values[variable.name] ?? ''}
          autoFocus={index === 0}
          onChange={(value) => setValues((previous) => ({ ...previous, [variable.name]: value }))}
        />
      ))}
      <p className={controls.label} id={`${id}-preview-label`}>
        {t('templatePreview')}
      </p>
      <output
        className={styles.preview}
        aria-labelledby={`${id}-preview-label`}
        data-testid="template-preview"
      >
        {text}
      </output>
      <p className={styles.meta} data-testid="template-left">
        {t('templateCharactersLeft', left)}
      </p>
      {problem ? <ErrorMessage inline>{describeProblem(problem)}</ErrorMessage> : null}
    </InlineForm>
  );
}
