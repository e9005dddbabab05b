import { BalanceBadge } from '@/components/balance/BalanceBadge';
import controls from '@/components/controls.module.css';
import type { ShownBalance } from '@/utils/balance/page/balance';
import type { BalanceRefresh } from '@/utils/balance/page/use-balance-refresh';
import { t } from '@/utils/i18n';
import type { ShownProfiles } from '@/utils/profiles/page/profiles-view';
import { openOptions } from '@/utils/ui/navigation';
import styles from './PageSections.module.css';
import { ProfileSlot, ProfileSwitch } from './profiles/ProfileSwitch';

interface Props {
  configured: boolean;
  balance?: ShownBalance;
  /** Shown once known; the build-time frame (which cannot know them) keeps an empty slot the page shell fills. */
  profiles?: ShownProfiles | undefined;
  refresh: BalanceRefresh;
  now: number;
}

/** The name, the active profile, the way to the options, and (once set up) the balance. */
export function PageHeader({ configured, balance, profiles, refresh, now }: Props) {
  const error = refresh.failure ?? balance?.error;
  return (
    <header className={styles.header}>
      <div className={styles.topRow}>
        <h1 className={styles.brand}>
          <img className={styles.logo} src="/icon/32.png" alt="" width={20} height={20} />
          {t('extName')}
        </h1>
        {profiles ? <ProfileSwitch profiles={profiles} /> : <ProfileSlot />}
        <button
          type="button"
          className={`${controls.button} ${controls.small}`}
          onClick={() => void openOptions()}
        >
          <span aria-hidden="true">⚙</span>
          {t('openOptions')}
        </button>
      </div>
      {configured ? (
        <BalanceBadge
          balance={balance?.balance}
          // "Not set up" is said by the call to action; repeating it beside the balance adds nothing.
          error={error?.kind === 'not_configured' ? undefined : error}
          checking={refresh.checking}
          now={now}
          onRefresh={refresh.refresh}
        />
      ) : null}
    </header>
  );
}
