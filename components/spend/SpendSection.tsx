import { lazy, Suspense, useId, useState } from 'react';
import { t } from '@/utils/i18n';
import type { ShownProfiles } from '@/utils/profiles/page/profiles-view';
import styles from './Spend.module.css';

const SpendPanel = lazy(() => import('./SpendPanel'));

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
          <Suspense fallback={<p className={styles.muted}>{t('loading')}</p>}>
            {profiles ? (
              <SpendPanel profiles={profiles} dailyBudget={dailyBudget} />
            ) : (
              <p className={styles.muted}>{t('loading')}</p>
            )}
          </Suspense>
        ) : null}
      </div>
    </section>
  );
}
