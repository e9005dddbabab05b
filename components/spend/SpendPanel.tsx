import { useId, useMemo, useState } from 'react';
import { describeError } from '@/utils/describe-error';
import { formatCredits, t } from '@/utils/i18n';
import type { ShownProfiles } from '@/utils/profiles/page/profiles-view';
import { dailySpend } from '@/utils/spend/daily-spend';
import { useSpendDays, useToday } from '@/utils/spend/page/use-spend';
import controls from '../controls.module.css';
import { ErrorMessage } from '../ErrorMessage';
import { Choice } from '../history/HistoryFind';
import { ModelFiguresTable } from './ModelFiguresTable';
import styles from './Spend.module.css';
import { SpendChart } from './SpendChart';
import { SpendTable } from './SpendTable';

export interface SpendPanelProps {
  profiles: ShownProfiles;
  /** Credits a day may take, drawn as a line when given. */
  dailyBudget?: number | undefined;
}

/** The profile choice's value for every profile at once: no profile id is empty. */
const ALL = '';

/**
 * Credits spent per day over the last 30 days, of the active profile (or another, or all of them), as a chart
 * and, behind a button, as a table of the same numbers; then the same days' figures per model. Loaded only
 * when the person opens *Spending*.
 */
export default function SpendPanel({ profiles, dailyBudget }: SpendPanelProps) {
  const tableId = useId();
  const now = useToday();
  const { sums, read, error } = useSpendDays(now);
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const [tableShown, setTableShown] = useState(false);
  const profile = chosen ?? profiles.activeId;
  const spend = useMemo(
    () => dailySpend(sums, now, profile === ALL ? undefined : profile),
    [sums, now, profile],
  );
  const name =
    profile === ALL
      ? t('spendAllProfiles')
      : (profiles.list.find((shown) => shown.id === profile)?.name ?? t('profileDefaultName'));
  const title = t('spendTitle', name);
  // The budget is the active profile's own (settings are per profile): drawn only over its spending.
  const line = profile === profiles.activeId ? dailyBudget : undefined;
  const budget = line === undefined ? '' : ` ${t('spendBudget', formatCredits(line))}`;

  if (error) return <ErrorMessage>{describeError(error)}</ErrorMessage>;
  if (!read) return <p className={styles.muted}>{t('loading')}</p>;
  return (
    <div className={styles.panel}>
      <h3 className={styles.title}>{title}</h3>
      {profiles.list.length > 1 ? (
        <div className={styles.profile}>
          <Choice<string>
            label={t('filterProfile')}
            value={profile}
            choices={[
              ...profiles.list.map((shown) => [shown.id, shown.name] as const),
              [ALL, t('spendAllProfiles')],
            ]}
            onChange={setChosen}
          />
        </div>
      ) : null}
      <SpendChart spend={spend} dailyBudget={line} />
      <p className={styles.muted}>{t('spendHint')}</p>
      <div>
        <button
          type="button"
          className={`${controls.button} ${controls.small}`}
          aria-expanded={tableShown}
          aria-controls={tableId}
          onClick={() => setTableShown((shown) => !shown)}
        >
          {t('spendShowTable')}
        </button>
      </div>
      <div id={tableId} hidden={!tableShown}>
        {tableShown ? <SpendTable spend={spend} caption={`${title}.${budget}`} /> : null}
      </div>
      <ModelFiguresTable
        now={now}
        profile={profile === ALL ? undefined : profile}
        profiles={profiles}
        caption={t('figuresHeading', name)}
      />
    </div>
  );
}
