import { t } from '@/utils/i18n';
import { openExtensionPage } from '@/utils/ui/navigation';
import controls from './controls.module.css';
import { ErrorMessage } from './ErrorMessage';
import styles from './PageCrashed.module.css';

/** What a page that failed to render shows in its place: a readable message and ways out. */
export function PageCrashed({ onReset }: { onReset: () => void }) {
  return (
    <main className={styles.fallback}>
      <h1 className={styles.title}>{t('pageCrashedTitle')}</h1>
      <ErrorMessage>{t('pageCrashedMessage')}</ErrorMessage>
      <div className={styles.actions}>
        <button type="button" className={`${controls.button} ${controls.primary}`} onClick={onReset}>
          {t('pageCrashedReset')}
        </button>
        <button type="button" className={controls.button} onClick={() => location.reload()}>
          {t('pageCrashedReload')}
        </button>
        <button
          type="button"
          className={controls.button}
          onClick={() => void openExtensionPage('/history.html')}
        >
          {t('pageCrashedOpenHistory')}
        </button>
      </div>
    </main>
  );
}
