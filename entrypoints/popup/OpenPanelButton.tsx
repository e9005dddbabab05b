import controls from '@/components/controls.module.css';
import { t } from '@/utils/i18n';
import { moveToSidePanel } from '@/utils/side-panel/page/panel-apis';
import styles from './App.module.css';

/**
 * Moves the work to the side panel, which stays open while the person browses (the popup does not). Before
 * React handles the page, the page's first script opens it from the same click (utils/ui/early-clicks.ts).
 */
export function OpenPanelButton() {
  return (
    <button
      type="button"
      className={`${controls.button} ${controls.small} ${styles.panelButton}`}
      data-opens-side-panel=""
      onClick={moveToSidePanel}
    >
      {t('openSidePanel')}
    </button>
  );
}
