import { useState } from 'react';
import { ConfirmButtons } from '@/components/ConfirmButtons';
import controls from '@/components/controls.module.css';
import { ErrorMessage } from '@/components/ErrorMessage';
import { StatusMessage } from '@/components/StatusMessage';
import { TextField } from '@/components/TextField';
import { describeError } from '@/utils/describe-error';
import { mediaFileName } from '@/utils/downloads/file-name';
import { toErrorInfo } from '@/utils/error-info';
import { t, uiLanguage } from '@/utils/i18n';
import { send } from '@/utils/messaging/send';
import { DEFAULT_SETTINGS } from '@/utils/settings/defaults';
import { NUMBER_LIMITS } from '@/utils/settings/page/settings-form';
import { formatBytes } from '@/utils/ui/format-bytes';
import { useCopies } from '@/utils/ui/stored-data';
import { fileNameTemplateProblem } from '@/utils/validation';
import { CheckField } from './CheckField';
import { describeFieldProblem } from './field-problem';
import styles from './Options.module.css';
import { FIELD_IDS, type SettingsFormState } from './useSettingsForm';

/** What the template makes of a sample image made now; the default's name while the template is not valid. */
function exampleFileName(template: string): string {
  const sample = {
    prompt: t('fileNameExamplePrompt'),
    createdAt: Date.now(),
    kind: 'image' as const,
    url: '',
  };
  const valid = fileNameTemplateProblem(template.trim()) === undefined;
  return mediaFileName(sample, valid ? template.trim() : DEFAULT_SETTINGS.fileNameTemplate);
}

/** Keeping on/off and the cap, saved with the form; the space used and *Delete all copies*, acted on at once. */
export function KeptCopiesSection({ settings }: { settings: SettingsFormState }) {
  const { form, update, problems } = settings;
  const usedBytes = useCopies().value?.usedBytes ?? 0;
  return (
    <section className={styles.card} aria-labelledby="copies-heading">
      <h2 id="copies-heading" className={styles.sectionTitle}>
        {t('copiesSection')}
      </h2>
      <CheckField
        id="keep-copies"
        label={t('keepCopiesLabel')}
        hint={t('keepCopiesHint')}
        checked={form.keepCopies}
        onChange={(keepCopies) => update({ keepCopies })}
      />
      <CheckField
        id="prompt-in-files"
        label={t('promptInFilesLabel')}
        hint={t('promptInFilesHint')}
        checked={form.promptInFiles}
        onChange={(promptInFiles) => update({ promptInFiles })}
      />
      <TextField
        id={FIELD_IDS.fileNameTemplate}
        label={t('fileNameTemplateLabel')}
        value={form.fileNameTemplate}
        onChange={(fileNameTemplate) => update({ fileNameTemplate })}
        hint={t('fileNameTemplateHint', exampleFileName(form.fileNameTemplate))}
        problem={describeFieldProblem(problems.fileNameTemplate)}
      />
      <div className={styles.numbers}>
        <TextField
          id={FIELD_IDS.copyCapMb}
          label={t('copyCapLabel')}
          type="number"
          inputMode="numeric"
          min={NUMBER_LIMITS.copyCapMb.min}
          max={NUMBER_LIMITS.copyCapMb.max}
          step={1}
          value={form.copyCapMb}
          onChange={(copyCapMb) => update({ copyCapMb })}
          hint={t('copyCapHint')}
          problem={describeFieldProblem(problems.copyCapMb)}
        />
      </div>
      <p data-testid="copies-used" data-bytes={usedBytes}>
        {t('copiesUsed', formatBytes(usedBytes, uiLanguage()))}
      </p>
      <DeleteAllCopies empty={usedBytes === 0} />
    </section>
  );
}

type Step =
  | { type: 'idle' }
  | { type: 'confirming' }
  | { type: 'deleting' }
  | { type: 'done' }
  | { type: 'failed'; text: string };

function DeleteAllCopies({ empty }: { empty: boolean }) {
  const [step, setStep] = useState<Step>({ type: 'idle' });
  const deleteAll = () => {
    setStep({ type: 'deleting' });
    send({ type: 'deleteAllCopies' }).then(
      () => setStep({ type: 'done' }),
      (failure: unknown) => setStep({ type: 'failed', text: describeError(toErrorInfo(failure)) }),
    );
  };
  if (step.type === 'confirming' || step.type === 'deleting') {
    return (
      <div className={styles.actions}>
        <p className={styles.muted}>{t('deleteCopiesConfirm')}</p>
        <ConfirmButtons
          confirmLabel={t('deleteCopiesConfirmYes')}
          busy={step.type === 'deleting'}
          onConfirm={deleteAll}
          onCancel={() => setStep({ type: 'idle' })}
        />
      </div>
    );
  }
  return (
    <>
      <div className={styles.actions}>
        <button
          type="button"
          className={controls.danger}
          disabled={empty}
          onClick={() => setStep({ type: 'confirming' })}
        >
          {t('deleteAllCopies')}
        </button>
      </div>
      {step.type === 'done' ? <StatusMessage tone="success">{t('copiesDeleted')}</StatusMessage> : null}
      {step.type === 'failed' ? <ErrorMessage>{step.text}</ErrorMessage> : null}
    </>
  );
}
