import { useMemo } from 'react';
import { describeError } from '@/utils/describe-error';
import { modelFigures } from '@/utils/history/model-figures';
import { useFiguresPeriod } from '@/utils/history/page/model-figures-reader';
import { formatCredits, t, uiLanguage } from '@/utils/i18n';
import type { ShownProfiles } from '@/utils/profiles/page/profiles-view';
import { formatNumber } from '@/utils/ui/format';
import { ErrorMessage } from '../ErrorMessage';
import styles from './Spend.module.css';

interface Props {
  now: number;
  /** Only this profile's generations; every profile's without. */
  profile: string | undefined;
  profiles: ShownProfiles;
  /** Whose figures, as the chart's title names them. */
  caption: string;
}

/**
 * Each model used in the spend chart's days: how many generations, the median time to a result and cost of
 * one, and how many failed. A model a profile lists is shown by the name the person gave it.
 */
export function ModelFiguresTable({ now, profile, profiles, caption }: Props) {
  const { value, read, error } = useFiguresPeriod(now);
  const figures = useMemo(() => modelFigures(value.entries, value.charges, profile), [value, profile]);
  if (error) return <ErrorMessage>{describeError(error)}</ErrorMessage>;
  if (!read) return <p className={styles.muted}>{t('loading')}</p>;
  if (figures.length === 0) return <p className={styles.muted}>{t('figuresNone')}</p>;
  const locale = uiLanguage();
  const listed = new Map(
    profiles.list
      .filter((shown) => profile === undefined || shown.id === profile)
      .flatMap((shown) => shown.models.map((model) => [model.id, model.name] as const)),
  );
  const nameOf = (model: string) => {
    if (model === '') return t('figuresProfileModel');
    const name = listed.get(model);
    return name === undefined || name === model ? model : t('figuresNamedModel', [name, model]);
  };
  return (
    <table className={styles.table} data-testid="model-figures">
      <caption className={styles.caption}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('figuresModel')}</th>
          <th scope="col">{t('figuresCount')}</th>
          <th scope="col">{t('figuresMedianTime')}</th>
          <th scope="col">{t('figuresMedianCost')}</th>
          <th scope="col">{t('figuresFailed')}</th>
        </tr>
      </thead>
      <tbody>
        {figures.map((row) => (
          <tr key={row.model}>
            <th scope="row">{nameOf(row.model)}</th>
            <td>{formatNumber(row.count, locale)}</td>
            <td>
              {row.medianMs === undefined
                ? t('figuresUnknown')
                : t('figuresSeconds', formatNumber(Math.round(row.medianMs / 100) / 10, locale))}
            </td>
            <td>{row.medianCost === undefined ? t('figuresUnknown') : formatCredits(row.medianCost)}</td>
            <td>
              {t('figuresFailedOf', [row.failed, row.count, Math.round((row.failed / row.count) * 100)])}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
