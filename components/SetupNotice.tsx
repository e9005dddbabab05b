import { t } from '@/utils/i18n';
import controls from './controls.module.css';
import styles from './SetupNotice.module.css';

interface Props {
  onSetUp: () => void;
}

/** The call to action shown while the service URL or the API key is missing. */
export function SetupNotice({ onSetUp }: Props) {
  return (
    <section className={styles.notice} aria-labelledby="setup-heading">
      <h2 id="setup-heading" className={styles.heading}>
        {t('setupHeading')}
      </h2>
      <p className={styles.text}>{t('setupExplanation')}</p>
      <div>
        <button type="button" className={controls.primary} onClick={onSetUp}>
          {t('setupAction')}
        </button>
      </div>
    </section>
  );
}
