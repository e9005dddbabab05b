import { useId, useState } from 'react';
import controls from '@/components/controls.module.css';
import type { ErrorInfo } from '@/utils/errors';
import { t } from '@/utils/i18n';
import { send } from '@/utils/messaging/send';
import { profileLabel, type ShownProfiles } from '@/utils/profiles/page/profiles-view';
import { PROFILE_SWITCH_ATTRIBUTE } from '@/utils/ui/early-clicks';
import { failureInfo } from '@/utils/ui/failure-info';
import { PROFILE_SLOT, PROFILE_SLOT_LABEL } from '@/utils/ui/shell-paint';
import { DescribedError } from '../DescribedError';
import { ErrorMessage } from '../ErrorMessage';
import styles from './ProfileSwitch.module.css';

/**
 * The active profile's name; with more than one, a select that switches at once (arrow keys from the
 * keyboard). The page follows the switch through storage: the balance, key status and form defaults are
 * the new profile's as soon as the background wrote them.
 */
export function ProfileSwitch({ profiles }: { profiles: ShownProfiles }) {
  const [error, setError] = useState<ErrorInfo>();
  const selectId = useId();
  const active = profiles.list.find((profile) => profile.id === profiles.activeId);
  if (profiles.list.length < 2) {
    return (
      <span className={`${styles.profile} ${styles.name}`} title={active?.host} data-testid="profile-name">
        {active?.name}
      </span>
    );
  }
  const choose = (id: string) => {
    setError(undefined);
    send({ type: 'switchProfile', id }).catch(async (failure: unknown) =>
      setError(await failureInfo(failure)),
    );
  };
  return (
    <span className={styles.profile}>
      <label className={controls.visuallyHidden} htmlFor={selectId}>
        {t('profileLabel')}
      </label>
      <select
        id={selectId}
        className={`${controls.select} ${styles.select}`}
        {...{ [PROFILE_SWITCH_ATTRIBUTE]: '' }}
        value={profiles.activeId}
        onChange={(event) => choose(event.currentTarget.value)}
      >
        {profiles.list.map((profile) => (
          <option key={profile.id} value={profile.id}>
            {profileLabel(profile)}
          </option>
        ))}
      </select>
      {error ? (
        <DescribedError error={error}>
          {(sentence) => <ErrorMessage inline>{t('profileSwitchFailed', sentence)}</ErrorMessage>}
        </DescribedError>
      ) : null}
    </span>
  );
}

/**
 * The switch's place while the profiles are not known (the frame rendered at build time): empty, it takes
 * no room; the page shell paints the snapshot's switch into it, dressed as the real one, before React.
 */
export function ProfileSlot() {
  return (
    <span
      className={styles.profile}
      {...{ [PROFILE_SLOT]: `${controls.select} ${styles.select}`, [PROFILE_SLOT_LABEL]: t('profileLabel') }}
    />
  );
}
