import controls from '@/components/controls.module.css';
import { t } from '@/utils/i18n';
import { openSidePanel } from '@/utils/side-panel/page/open-side-panel';
import styles from './App.module.css';

/** Moves the work to the side panel, which stays open while the person browses (the popup does not). */
export function OpenPanelButton() {
  return (
    <button
      type="button"
      className={`${controls.button} ${controls.small} ${styles.panelButton}`}
      onClick={() => {
        openSidePanel().then(
          () => window.close(),
          // Refused (a browser without a side panel): the popup simply stays.
          () => undefined,
        );
      }}
    >
      {t('openSidePanel')}
    </button>
  );
}
