import { t, uiLanguage } from '@/utils/i18n';
import { localDate } from '@/utils/local-date';
import type { DailySpend } from '@/utils/spend/daily-spend';
import { formatDay, formatNumber } from '@/utils/ui/format';
import styles from './Spend.module.css';

interface Props {
  spend: DailySpend;
  caption: string;
}

/** The chart's numbers, a row per day (today first) and the days' sums at the foot. */
export function SpendTable({ spend, caption }: Props) {
  const locale = uiLanguage();
  const number = (value: number) => formatNumber(value, locale);
  return (
    <table className={styles.table} data-testid="spend-table">
      <caption className={styles.caption}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('spendDay')}</th>
          <th scope="col">{t('spendImages')}</th>
          <th scope="col">{t('spendVideos')}</th>
          <th scope="col">{t('spendTogether')}</th>
          <th scope="col">{t('spendTotal')}</th>
        </tr>
      </thead>
      <tbody>
        {spend.days.toReversed().map((day) => (
          <tr key={day.start}>
            <th scope="row">
              <time dateTime={localDate(day.start)}>{formatDay(day.start, locale)}</time>
            </th>
            <td>{number(day.images)}</td>
            <td>{number(day.videos)}</td>
            <td>{number(day.together)}</td>
            <td>{number(day.total)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{t('spendAllDays')}</th>
          <td>{number(spend.images)}</td>
          <td>{number(spend.videos)}</td>
          <td>{number(spend.together)}</td>
          <td>{number(spend.total)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
