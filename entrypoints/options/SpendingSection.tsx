import controls from '@/components/controls.module.css';
import { t } from '@/utils/i18n';
import { type NumberFieldSpec, NumberFields } from './NumberFields';
import styles from './Options.module.css';
import type { SettingsFormState } from './useSettingsForm';

const SPENDING_FIELDS: readonly NumberFieldSpec[] = [
  ['confirmBatchAbove', 'confirmBatchAboveLabel', 'confirmBatchAboveHint'],
  ['dailyBudget', 'dailyBudgetLabel', 'budgetHint'],
  ['monthlyBudget', 'monthlyBudgetLabel', 'budgetHint'],
  ['lowBalanceBelow', 'lowBalanceBelowLabel', 'lowBalanceBelowHint'],
];

/** The checks before credits are spent, and the budgets of this profile's account; saved with the form. */
export function SpendingSection({ settings }: { settings: SettingsFormState }) {
  return (
    <section className={styles.card} aria-labelledby="spending-heading">
      <h2 id="spending-heading" className={styles.sectionTitle}>
        {t('spendingSection')}
      </h2>
      <p className={controls.hint}>{t('spendingIntro')}</p>
      <NumberFields settings={settings} fields={SPENDING_FIELDS} />
    </section>
  );
}
