import controls from '@/components/controls.module.css';
import { TextField } from '@/components/TextField';
import type { PlaceForm } from '@/utils/backup/page/place-form';
import { t } from '@/utils/i18n';
import styles from './Options.module.css';

interface Props {
  /** Tells this form's fields apart from another's on the same page (set-up and restore). */
  idPrefix: string;
  form: PlaceForm;
  onChange: (change: Partial<PlaceForm>) => void;
  /** A credential is saved for this place: an empty field keeps it. */
  credentialSaved: boolean;
}

/** Where a backup goes: a WebDAV folder, or an S3-compatible bucket, with the credential for it. */
export function BackupPlaceFields({ idPrefix, form, onChange, credentialSaved }: Props) {
  const id = (name: string) => `${idPrefix}-${name}`;
  const field = (
    name: keyof PlaceForm,
    label: string,
    hint?: string,
    more: { type?: string; autoComplete?: string } = {},
  ) => (
    <TextField
      id={id(name)}
      label={label}
      value={form[name]}
      onChange={(value) => onChange({ [name]: value })}
      spellCheck={false}
      autoComplete={more.autoComplete ?? 'off'}
      {...(more.type ? { type: more.type } : {})}
      {...(hint ? { hint } : {})}
    />
  );
  const credentialHint = credentialSaved ? t('backupCredentialKept') : undefined;
  return (
    <>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('backupKindLabel')}</legend>
        {(['webdav', 's3'] as const).map((kind) => (
          <div key={kind} className={controls.checkRow}>
            <input
              id={id(`kind-${kind}`)}
              type="radio"
              name={id('kind')}
              className={controls.checkbox}
              checked={form.kind === kind}
              onChange={() => onChange({ kind })}
            />
            <label htmlFor={id(`kind-${kind}`)}>
              {t(kind === 'webdav' ? 'backupKindWebdav' : 'backupKindS3')}
            </label>
          </div>
        ))}
      </fieldset>
      {form.kind === 'webdav' ? (
        <>
          {field('url', t('backupUrlLabel'), t('backupUrlHint'), { type: 'url' })}
          {field('username', t('backupUserLabel'), undefined, { autoComplete: 'username' })}
          {field('credential', t('backupPasswordLabel'), credentialHint, {
            type: 'password',
            autoComplete: 'current-password',
          })}
        </>
      ) : (
        <>
          {field('endpoint', t('backupEndpointLabel'), t('backupEndpointHint'), { type: 'url' })}
          {field('region', t('backupRegionLabel'))}
          {field('bucket', t('backupBucketLabel'))}
          {field('prefix', t('backupPrefixLabel'))}
          {field('accessKeyId', t('backupAccessKeyLabel'))}
          {field('credential', t('backupSecretKeyLabel'), credentialHint, {
            type: 'password',
            autoComplete: 'off',
          })}
        </>
      )}
    </>
  );
}
