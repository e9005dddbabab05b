import type { CSSProperties } from 'react';
import { formatCredits, t, uiLanguage } from '@/utils/i18n';
import { type DailySpend, daysOver, peakDay, SPEND_DAYS, scaleTop } from '@/utils/spend/daily-spend';
import { formatDay, formatNumber } from '@/utils/ui/format';
import styles from './Spend.module.css';

interface Props {
  spend: DailySpend;
  /** Credits a day may take; drawn as a line across the chart when given. */
  dailyBudget?: number | undefined;
}

/** Each day's slot in the drawing's own units: the bar takes most of it, the rest is the gap. */
const SLOT = 10;
const BAR = 7;
const HEIGHT = 100;

/** Above the budget line, or under it when the line runs near the top, so the label stays in the drawing. */
const budgetLabelAt = (percent: number): CSSProperties =>
  percent > 80 ? { top: `calc(${100 - percent}% + 3px)` } : { bottom: `calc(${percent}% + 3px)` };

/** The chart's first and last day, as its axis names them. */
const firstAndLast = (spend: DailySpend, locale: string): [string, string] => [
  formatDay(spend.days[0]?.start ?? 0, locale),
  formatDay(spend.days.at(-1)?.start ?? 0, locale),
];

/** What the drawing shows, in words: it is one image to a screen reader. */
function summary(spend: DailySpend, dailyBudget: number | undefined, locale: string): string {
  const [first, last] = firstAndLast(spend, locale);
  const peak = peakDay(spend);
  const said = peak
    ? t('spendChartSummary', [
        first,
        last,
        formatCredits(spend.total),
        formatCredits(spend.images),
        formatCredits(spend.videos),
        formatCredits(peak.total),
        formatDay(peak.start, locale),
      ])
    : t('spendChartEmpty', [first, last]);
  if (dailyBudget === undefined) return said;
  return `${said} ${t('spendOverBudget', [formatCredits(dailyBudget), formatNumber(daysOver(spend, dailyBudget), locale)])}`;
}

/**
 * Credits spent per day as stacked bars (images below, videos above, then what overlapping generations took
 * together), with the scale's top and the daily
 * budget as a line. The drawing stretches to the page's width; its labels are text beside it, so they keep
 * their size.
 */
export function SpendChart({ spend, dailyBudget }: Props) {
  const locale = uiLanguage();
  const top = scaleTop(Math.max(...spend.days.map((day) => day.total)), dailyBudget);
  const y = (credits: number) => HEIGHT - (credits / top) * HEIGHT;
  const [first, last] = firstAndLast(spend, locale);
  return (
    <figure className={styles.figure}>
      <div className={styles.frame}>
        <div className={styles.scale} aria-hidden="true">
          <span>{formatNumber(top, locale)}</span>
          <span>0</span>
        </div>
        <div className={styles.plot}>
          <svg
            className={styles.svg}
            role="img"
            aria-label={summary(spend, dailyBudget, locale)}
            viewBox={`0 0 ${SPEND_DAYS * SLOT} ${HEIGHT}`}
            preserveAspectRatio="none"
            data-testid="spend-chart"
          >
            <line className={styles.axisLine} x1="0" x2={SPEND_DAYS * SLOT} y1={HEIGHT} y2={HEIGHT} />
            {spend.days.map((day, i) =>
              day.total > 0 ? (
                <g key={day.start}>
                  <title>{`${formatDay(day.start, locale)}: ${formatCredits(day.total)}`}</title>
                  <rect
                    className={styles.images}
                    x={i * SLOT + (SLOT - BAR) / 2}
                    width={BAR}
                    y={y(day.images)}
                    height={HEIGHT - y(day.images)}
                  />
                  <rect
                    className={styles.videos}
                    x={i * SLOT + (SLOT - BAR) / 2}
                    width={BAR}
                    y={y(day.total - day.together)}
                    height={HEIGHT - y(day.videos)}
                  />
                  {day.together > 0 ? (
                    <rect
                      className={styles.together}
                      x={i * SLOT + (SLOT - BAR) / 2}
                      width={BAR}
                      y={y(day.total)}
                      height={HEIGHT - y(day.together)}
                    />
                  ) : null}
                </g>
              ) : null,
            )}
            {dailyBudget === undefined ? null : (
              <line
                className={styles.budgetLine}
                data-testid="spend-budget-line"
                x1="0"
                x2={SPEND_DAYS * SLOT}
                y1={y(dailyBudget)}
                y2={y(dailyBudget)}
              />
            )}
          </svg>
          {dailyBudget === undefined ? null : (
            <span
              className={styles.budgetLabel}
              style={budgetLabelAt((dailyBudget / top) * 100)}
              aria-hidden="true"
            >
              {t('spendBudget', formatCredits(dailyBudget))}
            </span>
          )}
        </div>
        <div className={styles.days} aria-hidden="true">
          <span>{first}</span>
          <span>{last}</span>
        </div>
      </div>
      <figcaption className={styles.legend}>
        <span className={styles.key}>
          <span className={`${styles.swatch} ${styles.images}`} />
          {t('spendImages')}
        </span>
        <span className={styles.key}>
          <span className={`${styles.swatch} ${styles.videos}`} />
          {t('spendVideos')}
        </span>
        {spend.together > 0 ? (
          <span className={styles.key}>
            <span className={`${styles.swatch} ${styles.together}`} />
            {t('spendTogether')}
          </span>
        ) : null}
        <span data-testid="spend-totals">
          {t('spendTotals', [
            formatCredits(spend.total),
            formatCredits(spend.images),
            formatCredits(spend.videos),
          ])}
        </span>
      </figcaption>
    </figure>
  );
}
