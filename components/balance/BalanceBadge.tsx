import type { ErrorInfo } from '@/utils/errors';
import { formatCredits, t, uiLanguage } from '@/utils/i18n';
import type { Balance } from '@/utils/messaging/protocol';
import { formatRelativeTime } from '@/utils/ui/format';
import { DescribedError } from '../DescribedError';
import styles from './BalanceBadge.module.css';

interface Props {
  /** `null`: none stored for this service; `undefined`: storage not read yet. */
  balance: Balance | null | undefined;
  /** Why the latest refresh failed; the last known balance stays visible beside it. */
  error?: ErrorInfo;
  checking: boolean;
  now: number;
  onRefresh?: () => void;
}

/**
 * Before storage is read (the frame rendered at build time) nothing is known either way: the slot keeps its
 * line without claiming "not known yet", which a later open showed for a frame before its cached figure.
 */
const NOT_READ_YET = '\u00a0';

/** "1,000 credits · updated 2 minutes ago", with the reason when the latest refresh failed. */
export function BalanceBadge({ balance, error, checking, now, onRefresh }: Props) {
  const locale = uiLanguage();
  return (
    <div className={styles.badge}>
      <div className={styles.row}>
        {balance ? (
          <span data-testid="balance">
            <span className={styles.value}>{formatCredits(balance.value)}</span>
            <span className={styles.meta}>
              {' · '}
              {t('balanceUpdated', formatRelativeTime(balance.fetchedAt, now, locale))}
            </span>
          </span>
        ) : (
          <span className={styles.meta} data-testid="balance">
            {checking ? t('balanceChecking') : balance === null ? t('balanceUnknown') : NOT_READ_YET}
          </span>
        )}
        {onRefresh ? (
          <button
            type="button"
            className={styles.refresh}
            onClick={onRefresh}
            disabled={checking}
            aria-label={t('balanceRefresh')}
            title={t('balanceRefresh')}
          >
            <span aria-hidden="true" className={checking ? styles.spinning : undefined}>
              ↻
            </span>
          </button>
        ) : null}
      </div>
      {error ? (
        <DescribedError error={error}>
          {(sentence) => (
            <p className={styles.error} role="alert">
              {t('balanceRefreshFailed', sentence)}
            </p>
          )}
        </DescribedError>
      ) : null}
    </div>
  );
}
