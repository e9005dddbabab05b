import { useContext } from 'react';
import { copyStatusKey } from '@/utils/copies/copy-status';
import { t } from '@/utils/i18n';
import styles from '../media/MediaFile.module.css';
import { CopiesContext } from './CopiesContext';

/**
 * Where an entry's files are, for a list that shows them elsewhere (the history grid, which also tells when
 * a file no longer loads from the service).
 */
export function EntryCopyState({ entryId }: { entryId: string }) {
  const copy = useContext(CopiesContext)[entryId];
  return <span className={styles.status}>{t(copyStatusKey(copy, false))}</span>;
}
