import type { HistoryEntry } from '@/utils/history/schema';
import { t } from '@/utils/i18n';
import { Outcome } from './EntryParts';
import styles from './ResultCard.module.css';
import { Thumbnail } from './Thumbnail';

interface Props {
  entry: HistoryEntry;
}

/** The image just generated: a large thumbnail with Open, Copy link and Download. */
export function ResultCard({ entry }: Props) {
  const firstUrl = entry.urls[0];
  return (
    <section className={styles.card} aria-labelledby="result-heading" data-testid="result">
      <h2 id="result-heading" className={styles.heading}>
        {t('resultHeading')}
      </h2>
      {firstUrl ? <Thumbnail url={firstUrl} alt={entry.prompt} /> : null}
      <p className={styles.prompt}>{entry.prompt}</p>
      <Outcome entry={entry} withCopy />
    </section>
  );
}
