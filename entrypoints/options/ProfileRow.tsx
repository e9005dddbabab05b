import { useState } from 'react';
import { ConfirmButtons } from '@/components/ConfirmButtons';
import controls from '@/components/controls.module.css';
import { t } from '@/utils/i18n';
import type { ShownModel, ShownProfile } from '@/utils/profiles/page/profiles-view';
import { ProfileModels } from './ProfileModels';
import styles from './Profiles.module.css';

export interface ProfileActions {
  busy: boolean;
  use: (id: string) => void;
  rename: (id: string, name: string) => Promise<boolean>;
  duplicate: (id: string) => void;
  /** Resolves true once the profile's list of models is saved. */
  setModels: (id: string, models: ShownModel[]) => Promise<boolean>;
  /** Resolves with the pending jobs that kept it from being deleted (0: deleted). */
  remove: (id: string, endPending: boolean) => Promise<number>;
}

type Asking =
  | { kind: 'rename'; name: string }
  | { kind: 'delete'; pending: number }
  | { kind: 'models' }
  | undefined;

/** One profile: its name and host, and what can be done with it; renaming and deleting ask in place. */
export function ProfileRow({
  profile,
  active,
  only,
  actions,
}: {
  profile: ShownProfile;
  active: boolean;
  only: boolean;
  actions: ProfileActions;
}) {
  const [asking, setAsking] = useState<Asking>();
  const { busy } = actions;
  const nameId = `profile-name-${profile.id}`;

  if (asking?.kind === 'rename') {
    const save = async () => {
      if (await actions.rename(profile.id, asking.name)) setAsking(undefined);
    };
    return (
      <li className={styles.row}>
        <label className={controls.visuallyHidden} htmlFor={nameId}>
          {t('profileNewName', profile.name)}
        </label>
        <input
          id={nameId}
          className={`${controls.input} ${styles.nameInput}`}
          value={asking.name}
          maxLength={60}
          // biome-ignore lint/a11y/noAutofocus: the person just asked to rename this profile
          autoFocus
          onChange={(event) => setAsking({ kind: 'rename', name: event.currentTarget.value })}
          onKeyDown={(event) => {
            if (event.key === 'Enter') void save();
            if (event.key === 'Escape') setAsking(undefined);
          }}
        />
        <button type="button" className={controls.button} disabled={busy} onClick={() => void save()}>
          {t('profileRenameSave')}
        </button>
        <button
          type="button"
          className={controls.button}
          disabled={busy}
          onClick={() => setAsking(undefined)}
        >
          {t('cancel')}
        </button>
      </li>
    );
  }

  if (asking?.kind === 'models') {
    return (
      <ProfileModels
        profile={profile}
        busy={busy}
        onSave={(models) => actions.setModels(profile.id, models)}
        onClose={() => setAsking(undefined)}
      />
    );
  }

  if (asking?.kind === 'delete') {
    const question =
      asking.pending > 0
        ? t('profileDeletePending', [profile.name, asking.pending])
        : t('profileDeleteQuestion', profile.name);
    const confirm = async () => {
      const pending = await actions.remove(profile.id, asking.pending > 0);
      setAsking(pending > 0 ? { kind: 'delete', pending } : undefined);
    };
    return (
      <li className={styles.row}>
        <p className={styles.question}>{question}</p>
        <ConfirmButtons
          confirmLabel={asking.pending > 0 ? t('profileDeleteAndEnd') : t('profileDelete')}
          busy={busy}
          onConfirm={() => void confirm()}
          onCancel={() => setAsking(undefined)}
        />
      </li>
    );
  }

  return (
    <li className={styles.row} aria-current={active ? 'true' : undefined}>
      <span className={styles.name}>{profile.name}</span>
      {/* A profile named after its host says it once. */}
      <span className={styles.host}>
        {profile.host === profile.name ? '' : profile.host || t('profileNotSetUp')}
      </span>
      {active ? (
        <span className={styles.active}>{t('profileActive')}</span>
      ) : (
        <RowAction
          label={t('profileUse')}
          name={t('profileUseNamed', profile.name)}
          busy={busy}
          onClick={() => actions.use(profile.id)}
        />
      )}
      <RowAction
        label={t('profileRename')}
        name={t('profileRenameNamed', profile.name)}
        busy={busy}
        onClick={() => setAsking({ kind: 'rename', name: profile.name })}
      />
      <RowAction
        label={t('profileModels')}
        name={t('profileModelsNamed', profile.name)}
        busy={busy}
        onClick={() => setAsking({ kind: 'models' })}
      />
      <RowAction
        label={t('profileDuplicate')}
        name={t('profileDuplicateNamed', profile.name)}
        busy={busy}
        onClick={() => actions.duplicate(profile.id)}
      />
      {only ? null : (
        <RowAction
          label={t('profileDelete')}
          name={t('profileDeleteNamed', profile.name)}
          busy={busy}
          onClick={() => setAsking({ kind: 'delete', pending: 0 })}
        />
      )}
    </li>
  );
}

/** A row's button: its short label shown, the profile it acts on named to screen readers. */
function RowAction({
  label,
  name,
  busy,
  onClick,
}: {
  label: string;
  name: string;
  busy: boolean;
  onClick: () => void;
}) {
  return (
    <button type="button" className={controls.button} disabled={busy} aria-label={name} onClick={onClick}>
      {label}
    </button>
  );
}
