import { useContext } from 'react';
import type { HistoryEntry } from '@/utils/history/schema';
import { thumbnailOf } from '@/utils/history/thumbnail';
import { CopiesContext } from '../copies/CopiesContext';
import styles from './Media.module.css';
import { MediaFile } from './MediaFile';

interface Props {
  entry: HistoryEntry;
  /** Small previews of the first file for the lists; every file, large, for the result card. */
  size?: 'large' | 'small';
}

/** A finished entry's files, each from its kept copy first, with where it comes from under it. */
export function EntryMedia({ entry, size = 'large' }: Props) {
  const copy = useContext(CopiesContext)[entry.id];
  const urls = size === 'small' ? entry.urls.slice(0, 1) : entry.urls;
  return (
    <div className={styles.files}>
      {urls.map((url, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the same URL may appear twice; position is the identity.
        <div key={index} className={styles.file}>
          <MediaFile
            file={{ entryId: entry.id, index, url, copy }}
            kind={entry.kind}
            prompt={entry.prompt}
            poster={thumbnailOf(entry, index)}
            showStatus
            className={size === 'small' ? styles.small : styles.thumb}
          />
        </div>
      ))}
    </div>
  );
}
