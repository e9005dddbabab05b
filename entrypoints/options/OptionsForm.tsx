import controls from '@/components/controls.module.css';
import { TextField } from '@/components/TextField';
import { t } from '@/utils/i18n';
import type { KeyStatus } from '@/utils/messaging/protocol';
import type { Settings } from '@/utils/settings/schema';
import { AdvancedSettings } from './AdvancedSettings';
import { DoctorNotes } from './DoctorNotes';
import { describeFieldProblem } from './field-problem';
import { HistorySection } from './HistorySection';
import { KeptCopiesSection } from './KeptCopiesSection';
import { KeySection } from './KeySection';
import styles from './Options.module.css';
import { OutcomeMessage } from './outcome';
import { ReviewSelectionField } from './ReviewSelectionField';
import { SpendingSection } from './SpendingSection';
import { useKeyChoice } from './useKeyChoice';
import { useOptionsCommands } from './useOptionsCommands';
import { FIELD_IDS, useSettingsForm } from './useSettingsForm';

interface Props {
  stored: Settings;
  keyStatus?: KeyStatus;
  /** The active profile's, whose service and budgets the form edits. */
  profileName: string;
}

/** The settings form, filled from the stored settings it is first shown with. */
export function OptionsForm({ stored, keyStatus, profileName }: Props) {
  const settings = useSettingsForm(stored);
  const { form, update, problems } = settings;
  const key = useKeyChoice(keyStatus, form.baseUrl);
  const { busy, outcome, findings, save, test, applyBaseUrlFix, removeKey } = useOptionsCommands(
    settings,
    key,
  );

  return (
    <form
      className={styles.form}
      noValidate
      aria-busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <section className={styles.card} aria-labelledby="service-heading">
        <h2 id="service-heading" className={styles.sectionTitle}>
          {t('serviceSection')}
        </h2>
        <TextField
          id={FIELD_IDS.baseUrl}
          label={t('serviceUrlLabel')}
          type="url"
          inputMode="url"
          autoComplete="url"
          spellCheck={false}
          placeholder="https://api.example.com"
          value={form.baseUrl}
          onChange={(baseUrl) => update({ baseUrl })}
          hint={t('serviceUrlHint')}
          problem={describeFieldProblem(problems.baseUrl)}
        />
        <KeySection choice={key} busy={busy} onRemove={removeKey} focusLater={settings.focusLater} />
        <TextField
          id="model-id"
          label={t('modelLabel')}
          spellCheck={false}
          autoComplete="off"
          value={form.modelId}
          onChange={(modelId) => update({ modelId })}
          hint={t('modelHint')}
        />
      </section>

      <KeptCopiesSection settings={settings} />

      <HistorySection />

      <SpendingSection settings={settings} profileName={profileName} />

      <ReviewSelectionField settings={settings} />

      <AdvancedSettings settings={settings} />

      <div className={styles.actions}>
        <button type="submit" className={controls.primary} disabled={busy}>
          {t('save')}
        </button>
        <button type="button" className={controls.button} disabled={busy} onClick={test}>
          {t('testConnection')}
        </button>
      </div>

      <OutcomeMessage outcome={outcome} />
      <DoctorNotes findings={findings} onApplyFix={applyBaseUrlFix} busy={busy} />
    </form>
  );
}
