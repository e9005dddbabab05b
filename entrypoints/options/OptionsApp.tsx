import { ErrorMessage } from '@/components/ErrorMessage';
import { describeError } from '@/utils/describe-error';
import { t } from '@/utils/i18n';
import { useProfiles } from '@/utils/profiles/page/use-profiles';
import { onDemand } from '@/utils/ui/on-demand';
import { useKeyStatus, useSettings } from '@/utils/ui/stored-data';
import { KeyLockSection } from './KeyLockSection';
import styles from './Options.module.css';
import { OptionsForm } from './OptionsForm';
import { ProfilesSection } from './ProfilesSection';

/** Loaded after the settings: its code is the largest of the page's sections and is not needed to paint them. */
const BackupSection = onDemand(() => import('./BackupSection').then((module) => module.default));

/** The options page: the stored settings and key status, edited through the background's commands. */
export function OptionsApp() {
  const settings = useSettings();
  const key = useKeyStatus();
  const profiles = useProfiles(settings);
  const loadError = settings.error ?? key.error;
  const loaded = settings.read && key.read && settings.value;

  return (
    <main className={styles.page}>
      <h1 className={styles.title}>
        <img className={styles.logo} src="/icon/48.png" alt="" width={32} height={32} />
        {t('optionsHeading')}
      </h1>
      <p className={styles.muted}>
        <a href="/library.html">{t('openLibrary')}</a>
      </p>

      {loadError && !loaded ? <ErrorMessage>{t('loadFailed', describeError(loadError))}</ErrorMessage> : null}
      {!loaded && !loadError ? <p className={styles.muted}>{t('loading')}</p> : null}

      {/* Locked, unlocking comes first: the context menu sends the person here for it. */}
      {loaded && key.value?.locked ? <KeyLockSection status={key.value} /> : null}
      {loaded && profiles ? <ProfilesSection profiles={profiles} /> : null}
      {loaded && settings.value && profiles ? (
        // A switch fills the form afresh with the profile now active.
        <OptionsForm
          key={profiles.activeId}
          stored={settings.value}
          keyStatus={key.value}
          profileName={profiles.list.find((profile) => profile.id === profiles.activeId)?.name ?? ''}
        />
      ) : null}
      {loaded && key.value && !key.value.locked ? <KeyLockSection status={key.value} /> : null}
      {loaded ? <BackupSection lockUnlocked={key.value?.lock === 'passphrase' && !key.value.locked} /> : null}
    </main>
  );
}
