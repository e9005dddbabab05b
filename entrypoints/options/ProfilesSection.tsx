import { useState } from 'react';
import controls from '@/components/controls.module.css';
import { ErrorMessage } from '@/components/ErrorMessage';
import { describeError } from '@/utils/describe-error';
import { toErrorInfo } from '@/utils/error-info';
import type { ErrorInfo } from '@/utils/errors';
import { t } from '@/utils/i18n';
import type { RequestOf, RequestType, ResponseData } from '@/utils/messaging/protocol';
import { send } from '@/utils/messaging/send';
import { MAX_PROFILE_NAME } from '@/utils/profiles/limits';
import type { ShownProfiles } from '@/utils/profiles/page/profiles-view';
import styles from './Options.module.css';
import { type ProfileActions, ProfileRow } from './ProfileRow';
import profileStyles from './Profiles.module.css';

/**
 * The person's profiles: each a service, its key, model and video defaults, and the models it lists. The
 * settings form below edits the active one; this list switches, adds, renames, lists models, duplicates
 * (without the key) and deletes them.
 */
export function ProfilesSection({ profiles }: { profiles: ShownProfiles }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorInfo>();
  const [newName, setNewName] = useState('');

  async function run<T extends RequestType>(request: RequestOf<T>): Promise<ResponseData[T] | undefined> {
    setBusy(true);
    setError(undefined);
    try {
      return await send(request);
    } catch (failure) {
      setError(toErrorInfo(failure));
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  const actions: ProfileActions = {
    busy,
    use: (id) => void run<'switchProfile'>({ type: 'switchProfile', id }),
    rename: async (id, name) =>
      name.trim() !== '' && (await run<'renameProfile'>({ type: 'renameProfile', id, name })) !== undefined,
    duplicate: (id) => void run<'duplicateProfile'>({ type: 'duplicateProfile', id }),
    setModels: async (id, models) =>
      (await run<'setProfileModels'>({ type: 'setProfileModels', id, models })) !== undefined,
    remove: async (id, endPending) => {
      const outcome = await run<'deleteProfile'>({ type: 'deleteProfile', id, endPending });
      return outcome && !outcome.deleted ? outcome.pending : 0;
    },
  };

  const add = async () => {
    const name = newName.trim();
    if (name === '') return;
    if (await run<'addProfile'>({ type: 'addProfile', name })) setNewName('');
  };

  return (
    <section className={styles.card} aria-labelledby="profiles-heading">
      <h2 id="profiles-heading" className={styles.sectionTitle}>
        {t('profilesSection')}
      </h2>
      <p className={controls.hint}>{t('profilesHint')}</p>
      <ul className={profileStyles.list}>
        {profiles.list.map((profile) => (
          <ProfileRow
            key={profile.id}
            profile={profile}
            active={profile.id === profiles.activeId}
            only={profiles.list.length === 1}
            actions={actions}
          />
        ))}
      </ul>
      <div className={profileStyles.add}>
        <label className={controls.label} htmlFor="new-profile-name">
          {t('profileNewLabel')}
        </label>
        <input
          id="new-profile-name"
          className={`${controls.input} ${profileStyles.nameInput}`}
          value={newName}
          maxLength={MAX_PROFILE_NAME}
          placeholder={t('profileNewPlaceholder')}
          onChange={(event) => setNewName(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') void add();
          }}
        />
        <button
          type="button"
          className={controls.button}
          disabled={busy || newName.trim() === ''}
          onClick={() => void add()}
        >
          {t('profileAdd')}
        </button>
      </div>
      {error ? <ErrorMessage>{describeError(error)}</ErrorMessage> : null}
    </section>
  );
}
