import { useEffect, useState } from 'react';
import { describeError } from '@/utils/describe-error';
import { downloadEntryFiles } from '@/utils/downloads/page/download-command';
import type { HistoryEntry } from '@/utils/history/schema';
import { t } from '@/utils/i18n';
import { send } from '@/utils/messaging/send';
import { useCommand } from '@/utils/ui/hooks';
import { openInTab } from '@/utils/ui/navigation';
import { safeUrl } from '@/utils/ui/safe-url';
import controls from '../controls.module.css';
import { KeepAnyway } from '../copies/KeepAnyway';
import { KeepCopyButton } from '../copies/KeepCopyButton';
import { ErrorMessage } from '../ErrorMessage';
import styles from './Media.module.css';

interface Props {
  entry: HistoryEntry;
  /** Offer "Copy link" (the popup's result card, the history page). */
  withCopy?: boolean;
}

/**
 * Open / Copy link / Download for each file, Download all for several, Keep a copy when the files are only on
 * the service. Downloads go through the kept copy or the background's downloads API: an `<a download>` to
 * another origin is ignored by the browser, which then navigates the popup to the file and saves nothing.
 */
export function MediaActions({ entry, withCopy = false }: Props) {
  const { busy, error, run } = useCommand();
  const { urls } = entry;
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
          withCopy={withCopy}
          busy={busy}
          onDownload={() => run(() => downloadEntryFiles(entry, index, send))}
        />
      ))}
      {numbered ? (
        <button
          type="button"
          className={controls.linkButton}
          disabled={busy}
          onClick={() => run(() => downloadEntryFiles(entry, undefined, send))}
        >
          {t('downloadAll')}
        </button>
      ) : null}
      <KeepCopyButton entry={entry} />
      <KeepAnyway entry={entry} />
      {error ? <ErrorMessage inline>{describeError(error)}</ErrorMessage> : null}
    </div>
  );
}

interface FileProps {
  url: string;
  n: number | undefined;
  withCopy: boolean;
  busy: boolean;
  onDownload: () => void;
}

function FileActions({ url, n, withCopy, busy, onDownload }: FileProps) {
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
      <button type="button" className={controls.linkButton} disabled={busy} onClick={onDownload}>
        {n === undefined ? t('download') : t('downloadNumbered', n)}
      </button>
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
