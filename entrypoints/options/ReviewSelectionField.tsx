import { t } from '@/utils/i18n';
import { CheckField } from './CheckField';
import styles from './Options.module.css';
import type { SettingsFormState } from './useSettingsForm';

/** Whether "Generate … from selection" first opens the selection in the side panel to be checked. */
export function ReviewSelectionField({ settings }: { settings: SettingsFormState }) {
  const { form, update } = settings;
  return (
    <section className={styles.card} aria-labelledby="review-selection-heading">
      <h2 id="review-selection-heading" className={styles.sectionTitle}>
        {t('reviewSelectionSection')}
      </h2>
      <CheckField
        id="review-selection"
        label={t('reviewSelectionLabel')}
        hint={t('reviewSelectionHint')}
        checked={form.reviewSelection}
        onChange={(reviewSelection) => update({ reviewSelection })}
      />
    </section>
  );
}
