import { VideoOptionsFields } from '@/components/prompts/VideoOptionsFields';
import { TextField } from '@/components/TextField';
import { t } from '@/utils/i18n';
import { describeFieldProblem } from './field-problem';
import { type NumberFieldSpec, NumberFields } from './NumberFields';
import styles from './Options.module.css';
import { FIELD_IDS, type SettingsFormState } from './useSettingsForm';

const NUMBER_FIELDS: readonly NumberFieldSpec[] = [
  ['pollIntervalSec', 'pollIntervalLabel', undefined],
  ['jobTimeoutMin', 'jobTimeoutLabel', undefined],
  ['requestTimeoutSec', 'requestTimeoutLabel', undefined],
  ['imageTimeoutSec', 'imageTimeoutLabel', undefined],
  ['historyLimit', 'historyLimitLabel', 'historyLimitHint'],
  ['historyDropAfterDays', 'historyDropAfterDaysLabel', 'historyDropAfterDaysHint'],
];

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
        <NumberFields settings={settings} fields={NUMBER_FIELDS} />
      </div>
    </details>
  );
}
