import { useEffect, useState } from 'react';
import { t } from '@/utils/i18n';
import { openInTab } from '@/utils/ui/navigation';
import { downloadName, safeUrl } from '@/utils/ui/safe-url';
import controls from './controls.module.css';
import styles from './Media.module.css';

interface Props {
  urls: readonly string[];
  kind: 'image' | 'video';
  /** Used to name downloads. */
  id: string;
  /** Offer "Copy link" (the popup's result card). */
  withCopy?: boolean;
}

/** Open / Copy link / Download for each file; a URL that is not http(s) is shown as text, never linked. */
export function MediaActions({ urls, kind, id, withCopy = false }: Props) {
  if (urls.length === 0) return <span className={styles.invalid}>{t('noLinks')}</span>;
  const numbered = urls.length > 1;
  return (
    <div className={styles.actions}>
      {urls.map((url, index) => (
        <FileActions
          // biome-ignore lint/suspicious/noArrayIndexKey: the same URL may appear twice; position is the identity.
          key={index}
          url={url}
          n={numbered ? index + 1 : undefined}
          fallbackName={`promptcast-${id}${numbered ? `-${index + 1}` : ''}.${kind === 'image' ? 'png' : 'mp4'}`}
          withCopy={withCopy}
        />
      ))}
    </div>
  );
}

function FileActions({
  url,
  n,
  fallbackName,
  withCopy,
}: {
  url: string;
  n: number | undefined;
  fallbackName: string;
  withCopy: boolean;
}) {
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (copy === 'idle') return;
    const timer = setTimeout(() => setCopy('idle'), 4000);
    return () => clearTimeout(timer);
  }, [copy]);

  const safe = safeUrl(url);
  if (!safe) return <span className={styles.invalid}>{t('invalidLink', url)}</span>;
  return (
    <span className={styles.group}>
      <a
        className={controls.link}
        href={safe}
        target="_blank"
        rel="noreferrer noopener"
        onClick={(event) => {
          event.preventDefault();
          void openInTab(safe);
        }}
      >
        {n === undefined ? t('open') : t('openNumbered', n)}
      </a>
      {withCopy ? (
        <button
          type="button"
          className={controls.linkButton}
          onClick={() => {
            navigator.clipboard.writeText(safe).then(
              () => setCopy('copied'),
              () => setCopy('failed'),
            );
          }}
        >
          {t('copyLink')}
        </button>
      ) : null}
      <a className={controls.link} href={safe} download={downloadName(safe, fallbackName)}>
        {n === undefined ? t('download') : t('downloadNumbered', n)}
      </a>
      {copy === 'copied' ? (
        <span role="status" className={styles.copied}>
          {t('linkCopied')}
        </span>
      ) : null}
      {copy === 'failed' ? (
        <span role="alert" className={styles.copyFailed}>
          {t('copyFailed')}
        </span>
      ) : null}
    </span>
  );
}
