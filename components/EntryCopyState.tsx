import { useContext } from 'react';
import { t } from '@/utils/i18n';
import { copyStatusKey } from '@/utils/media/copy-status';
import { CopiesContext } from './CopiesContext';
import styles from './MediaFile.module.css';

/**
 * Where an entry's files are, for a list that shows them elsewhere (the history grid, which also tells when
 * a file no longer loads from the service).
 */
export function EntryCopyState({ entryId }: { entryId: string }) {
  const copy = useContext(CopiesContext)[entryId];
  return <span className={styles.status}>{t(copyStatusKey(copy, false))}</span>;
}
