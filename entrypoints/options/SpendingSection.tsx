import controls from '@/components/controls.module.css';
import { t } from '@/utils/i18n';
import { type NumberFieldSpec, NumberFields } from './NumberFields';
import styles from './Options.module.css';
import type { SettingsFormState } from './useSettingsForm';

const SHARED_FIELDS: readonly NumberFieldSpec[] = [
  ['confirmBatchAbove', 'confirmBatchAboveLabel', 'confirmBatchAboveHint'],
];

const BUDGET_FIELDS: readonly NumberFieldSpec[] = [
  ['dailyBudget', 'dailyBudgetLabel', 'budgetHint'],
  ['monthlyBudget', 'monthlyBudgetLabel', 'budgetHint'],
  ['lowBalanceBelow', 'lowBalanceBelowLabel', 'lowBalanceBelowHint'],
];

/**
 * The checks before credits are spent, saved with the form. The budgets are the active profile's own, so
 * they are named after it: the same fields show another profile's figures once it is switched to.
 */
export function SpendingSection({
  settings,
  profileName,
}: {
  settings: SettingsFormState;
  profileName: string;
}) {
  return (
    <section className={styles.card} aria-labelledby="spending-heading">
      <h2 id="spending-heading" className={styles.sectionTitle}>
        {t('spendingSection')}
      </h2>
      <p className={controls.hint}>{t('spendingIntro')}</p>
      <NumberFields settings={settings} fields={SHARED_FIELDS} />
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('profileBudgetsLegend', profileName)}</legend>
        <NumberFields settings={settings} fields={BUDGET_FIELDS} />
      </fieldset>
    </section>
  );
}
