import { TextField } from '@/components/TextField';
import { type MessageKey, t } from '@/utils/i18n';
import { NUMBER_LIMITS, type NumberField } from '@/utils/settings/page/settings-form';
import { isCreditsField } from '@/utils/validation';
import { describeFieldProblem } from './field-problem';
import styles from './Options.module.css';
import { FIELD_IDS, type SettingsFormState } from './useSettingsForm';

/** A number setting: its field, the label's message and the hint's, if any. */
export type NumberFieldSpec = readonly [NumberField, MessageKey, MessageKey | undefined];

/** Number settings typed as text (amounts of credits to the thousandth), with their limits and problems, saved with the form. */
export function NumberFields({
  settings,
  fields,
}: {
  settings: SettingsFormState;
  fields: readonly NumberFieldSpec[];
}) {
  const { form, update, problems } = settings;
  return (
    <div className={styles.numbers}>
      {fields.map(([field, labelKey, hintKey]) => (
        <TextField
          key={field}
          id={FIELD_IDS[field]}
          label={t(labelKey)}
          type="number"
          inputMode={isCreditsField(field) ? 'decimal' : 'numeric'}
          min={NUMBER_LIMITS[field].min}
          max={NUMBER_LIMITS[field].max}
          step={isCreditsField(field) ? 0.001 : 1}
          value={form[field]}
          onChange={(value) => update({ [field]: value })}
          {...(hintKey ? { hint: t(hintKey) } : {})}
          problem={describeFieldProblem(problems[field])}
        />
      ))}
    </div>
  );
}
