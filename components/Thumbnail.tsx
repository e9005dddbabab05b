import { useState } from 'react';
import { t } from '@/utils/i18n';
import { safeUrl } from '@/utils/ui/safe-url';
import styles from './Media.module.css';

interface Props {
  url: string;
  alt: string;
  size?: 'large' | 'small';
}

/** An image from the service, shown only for http(s) URLs, with a note instead if it fails to load. */
export function Thumbnail({ url, alt, size = 'large' }: Props) {
  const [broken, setBroken] = useState(false);
  const safe = safeUrl(url);
  if (!safe) return null;
  if (broken) return <p className={styles.broken}>{t('imageLoadFailed')}</p>;
  return (
    <img
      className={size === 'small' ? `${styles.thumb} ${styles.small}` : styles.thumb}
      src={safe}
      alt={alt}
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setBroken(true)}
    />
  );
}
