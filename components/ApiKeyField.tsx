import { t } from '@/utils/i18n';
import type { KeyStatus } from '@/utils/messaging/protocol';
import styles from './ApiKeyField.module.css';
import controls from './controls.module.css';

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
}

/**
 * Write-only API key: once saved it is never shown again, only "Set, ending in ••••1234", with the choice
 * to replace or remove it.
 */
export function ApiKeyField({ status, editing, value, onChange, onReplace, onKeep, onRemove, busy }: Props) {
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
    <div className={controls.field}>
      <label className={controls.label} htmlFor="api-key">
        {t('apiKeyLabel')}
      </label>
      <div className={styles.entry}>
        <input
          id="api-key"
          className={controls.input}
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={value}
          aria-describedby="api-key-hint"
          onChange={(event) => onChange(event.currentTarget.value)}
        />
        {status?.set ? (
          <button type="button" className={`${controls.button} ${controls.small}`} onClick={onKeep}>
            {t('apiKeyKeep')}
          </button>
        ) : null}
      </div>
      <p id="api-key-hint" className={controls.hint}>
        {status && !status.set ? `${t('apiKeyNotSet')}. ` : ''}
        {t('apiKeyHint')}
      </p>
    </div>
  );
}
