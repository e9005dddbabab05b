import controls from '@/components/controls.module.css';
import { t } from '@/utils/i18n';
import styles from './Options.module.css';

/** What Test connection noticed beside its outcome: a key it trimmed, a service URL it can fix. */
export interface DoctorFindings {
  keyTrimmed?: boolean;
  /** The service URL without the interface path it was pasted with. */
  fix?: string;
}

interface Props {
  findings: DoctorFindings;
  onApplyFix: (baseUrl: string) => void;
  busy: boolean;
}

export function DoctorNotes({ findings, onApplyFix, busy }: Props) {
  const { keyTrimmed, fix } = findings;
  return (
    <div className={styles.outcome} aria-live="polite" data-testid="doctor-notes">
      {keyTrimmed ? <p className={styles.muted}>{t('doctorKeyTrimmed')}</p> : null}
      {fix !== undefined ? (
        <div className={styles.actions}>
          <p className={styles.muted}>{t('doctorEndpointPath')}</p>
          <button type="button" className={controls.button} disabled={busy} onClick={() => onApplyFix(fix)}>
            {t('doctorUseBaseUrl', fix)}
          </button>
        </div>
      ) : null}
    </div>
  );
}
