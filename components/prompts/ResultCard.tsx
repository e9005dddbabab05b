import type { HistoryEntry } from '@/utils/history/schema';
import { t } from '@/utils/i18n';
import { Outcome } from '../history/EntryParts';
import { EntryMedia } from '../media/EntryMedia';
import styles from './ResultCard.module.css';

interface Props {
  entry: HistoryEntry;
}

/** The image just generated, every file large, with Open, Copy link and Download. */
export function ResultCard({ entry }: Props) {
  return (
    <section className={styles.card} aria-labelledby="result-heading" data-testid="result">
      <h2 id="result-heading" className={styles.heading}>
        {t('resultHeading')}
      </h2>
      <EntryMedia entry={entry} />
      <p className={styles.prompt}>{entry.prompt}</p>
      <Outcome entry={entry} withCopy />
    </section>
  );
}
