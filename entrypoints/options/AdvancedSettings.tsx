import { TextField } from '@/components/TextField';
import { VideoOptionsFields } from '@/components/VideoOptionsFields';
import { t } from '@/utils/i18n';
import { NUMBER_LIMITS } from '@/utils/ui/settings-form';
import { describeFieldProblem } from './field-problem';
import styles from './Options.module.css';
import { FIELD_IDS, type SettingsFormState } from './useSettingsForm';

const NUMBER_FIELDS = [
  ['pollIntervalSec', 'pollIntervalLabel', undefined],
  ['jobTimeoutMin', 'jobTimeoutLabel', undefined],
  ['requestTimeoutSec', 'requestTimeoutLabel', undefined],
  ['imageTimeoutSec', 'imageTimeoutLabel', undefined],
  ['historyLimit', 'historyLimitLabel', 'historyLimitHint'],
  ['historyDropAfterDays', 'historyDropAfterDaysLabel', 'historyDropAfterDaysHint'],
] as const;

/** Settings most people never change, folded away until one of them has a problem. */
export function AdvancedSettings({ settings }: { settings: SettingsFormState }) {
  const { form, update, problems } = settings;
  return (
    <details
      className={styles.card}
      open={settings.advancedOpen}
      onToggle={(event) => settings.setAdvancedOpen(event.currentTarget.open)}
    >
      <summary className={styles.summary}>{t('advancedSummary')}</summary>
      <div className={styles.advanced}>
        <TextField
          id={FIELD_IDS.modelField}
          label={t('modelFieldLabel')}
          spellCheck={false}
          autoComplete="off"
          value={form.modelField}
          onChange={(modelField) => update({ modelField })}
          hint={t('modelFieldHint')}
          problem={describeFieldProblem(problems.modelField)}
        />
        <VideoOptionsFields
          idPrefix="defaults"
          legend={t('videoDefaultsLegend')}
          value={form.video}
          onChange={(video) => update({ video })}
          showProblems={settings.attempted}
        />
        <div className={styles.numbers}>
          {NUMBER_FIELDS.map(([field, labelKey, hintKey]) => (
            <TextField
              key={field}
              id={FIELD_IDS[field]}
              label={t(labelKey)}
              type="number"
              inputMode="numeric"
              min={NUMBER_LIMITS[field].min}
              max={NUMBER_LIMITS[field].max}
              step={1}
              value={form[field]}
              onChange={(value) => update({ [field]: value })}
              {...(hintKey ? { hint: t(hintKey) } : {})}
              problem={describeFieldProblem(problems[field])}
            />
          ))}
        </div>
      </div>
    </details>
  );
}
