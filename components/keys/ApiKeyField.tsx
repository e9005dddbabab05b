import { ErrorMessage } from '@/components/ErrorMessage';
import { t } from '@/utils/i18n';
import type { KeyStatus } from '@/utils/messaging/protocol';
import controls from '../controls.module.css';
import { Field } from '../Field';
import styles from './ApiKeyField.module.css';

interface Props {
  status: KeyStatus | undefined;
  /** True while a new key is being typed (no key yet, or "Replace" was chosen). */
  editing: boolean;
  value: string;
  onChange: (value: string) => void;
  onReplace: () => void;
  onKeep: () => void;
  onRemove: () => void;
  busy: boolean;
  /** The localised problem of the typed key. */
  problem?: string;
  /**
   * Set when the stored key was entered for another origin than the URL in the form: that origin ('' for
   * none), the URL's origin, and whether the person chose to use the stored key there anyway.
   */
  elsewhere?: { keyOrigin: string; target: string; reuse: boolean; onReuseChange: (reuse: boolean) => void };
}

/**
 * Write-only API key: once saved it is never shown again, only "Set, ending in ••••1234", with the choice
 * to replace or remove it.
 */
export function ApiKeyField({
  status,
  editing,
  value,
  onChange,
  onReplace,
  onKeep,
  onRemove,
  busy,
  problem,
  elsewhere,
}: Props) {
  const describedBy = ['api-key-hint', problem ? 'api-key-error' : ''].filter(Boolean).join(' ');
  if (status?.set && !editing) {
    return (
      <fieldset className={`${controls.field} ${styles.fieldset}`}>
        <legend className={`${controls.label} ${styles.legend}`}>{t('apiKeyLabel')}</legend>
        <div className={styles.stored}>
          <span className={styles.storedText} data-testid="api-key-status">
            {status.last4 ? t('apiKeySet', status.last4) : t('apiKeySetNoHint')}
          </span>
          <button
            type="button"
            className={`${controls.button} ${controls.small}`}
            aria-label={t('apiKeyReplaceLabel')}
            onClick={onReplace}
            disabled={busy}
          >
            {t('apiKeyReplace')}
          </button>
          <button
            type="button"
            className={`${controls.danger} ${controls.small}`}
            aria-label={t('apiKeyRemoveLabel')}
            onClick={onRemove}
            disabled={busy}
          >
            {t('apiKeyRemove')}
          </button>
        </div>
      </fieldset>
    );
  }
  return (
    <Field id="api-key" label={t('apiKeyLabel')}>
      <div className={styles.entry}>
        <input
          id="api-key"
          className={controls.input}
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={value}
          aria-describedby={describedBy}
          aria-invalid={problem ? true : undefined}
          disabled={elsewhere?.reuse}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
        {status?.set ? (
          <button type="button" className={`${controls.button} ${controls.small}`} onClick={onKeep}>
            {t('apiKeyKeep')}
          </button>
        ) : null}
      </div>
      <p id="api-key-hint" className={controls.hint}>
        {/* Locked, whether a key is stored is not known here: only that none can be used or saved now. */}
        {status?.locked ? `${t('apiKeyLocked')}. ` : status && !status.set ? `${t('apiKeyNotSet')}. ` : ''}
        {t('apiKeyHint')}
      </p>
      {problem ? (
        <ErrorMessage id="api-key-error" inline>
          {problem}
        </ErrorMessage>
      ) : null}
      {elsewhere ? (
        <div className={styles.elsewhere}>
          <p className={controls.hint}>
            {elsewhere.keyOrigin ? t('apiKeyForOtherService', elsewhere.keyOrigin) : t('apiKeyForNoService')}
          </p>
          <div className={controls.checkRow}>
            <input
              id="api-key-reuse"
              className={controls.checkbox}
              type="checkbox"
              checked={elsewhere.reuse}
              onChange={(event) => elsewhere.onReuseChange(event.currentTarget.checked)}
            />
            <label htmlFor="api-key-reuse">{t('apiKeyReuse', elsewhere.target)}</label>
          </div>
        </div>
      ) : null}
    </Field>
  );
}
