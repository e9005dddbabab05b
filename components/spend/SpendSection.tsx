import { useId, useState } from 'react';
import { t } from '@/utils/i18n';
import type { ShownProfiles } from '@/utils/profiles/page/profiles-view';
import { onDemandExport } from '@/utils/ui/on-demand';
import styles from './Spend.module.css';

const useSpendPanel = onDemandExport(() => import('./SpendPanel').then((module) => module.default));

interface Props {
  /** Undefined until the profiles were read: the section waits for them to name whose spend it shows. */
  profiles: ShownProfiles | undefined;
  dailyBudget?: number | undefined;
}

/**
 * *Spending*, folded: the chart's code and its read of the last 30 days load only once it is opened, so the
 * history page opens as fast as without it.
 */
export function SpendSection({ profiles, dailyBudget }: Props) {
  const headingId = useId();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const SpendPanel = useSpendPanel(open);
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        <button
          type="button"
          className={styles.disclosure}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((shown) => !shown)}
        >
          {t('spendingHeading')}
        </button>
      </h2>
      <div id={panelId} hidden={!open}>
        {open ? (
          SpendPanel && profiles ? (
            <SpendPanel profiles={profiles} dailyBudget={dailyBudget} />
          ) : (
            <p className={styles.muted}>{t('loading')}</p>
          )
        ) : null}
      </div>
    </section>
  );
}
