import controls from '@/components/controls.module.css';
import { t } from '@/utils/i18n';
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
      <div className={controls.checkRow}>
        <input
          id="review-selection"
          className={controls.checkbox}
          type="checkbox"
          checked={form.reviewSelection}
          aria-describedby="review-selection-hint"
          onChange={(event) => update({ reviewSelection: event.currentTarget.checked })}
        />
        <label htmlFor="review-selection">{t('reviewSelectionLabel')}</label>
      </div>
      <p id="review-selection-hint" className={styles.muted}>
        {t('reviewSelectionHint')}
      </p>
    </section>
  );
}
