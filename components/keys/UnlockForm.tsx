import { type FormEvent, useId, useState } from 'react';
import { describeError } from '@/utils/describe-error';
import { toErrorInfo } from '@/utils/error-info';
import type { ErrorInfo } from '@/utils/errors';
import { t } from '@/utils/i18n';
import { send } from '@/utils/messaging/send';
import controls from '../controls.module.css';
import { ErrorMessage } from '../ErrorMessage';
import { Field } from '../Field';
import styles from '../SetupNotice.module.css';

/**
 * An error of a command that checked a passphrase: a wrong one says how long the next try must wait
 * (`retryAfterMs`), as repeated failures make it (utils/keys/lock/unlock-delay.ts).
 */
export function describeLockError(error: ErrorInfo): string {
  const wait = error.kind === 'wrong_passphrase' && error.retryAfterMs;
  return wait
    ? `${describeError(error)} ${t('errorUnlockWait', Math.ceil(wait / 1000))}`
    : describeError(error);
}

/**
 * Shown instead of the prompt form while the keys are locked, and in the options' Key lock section. The
 * passphrase goes to the background once and is cleared from the field whatever the answer.
 */
export function UnlockForm({ autoFocus = false }: { autoFocus?: boolean }) {
  const id = useId();
  const [passphrase, setPassphrase] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorInfo>();

  async function unlock(event: FormEvent) {
    event.preventDefault();
    if (passphrase === '' || busy) return;
    setBusy(true);
    setError(undefined);
    try {
      await send({ type: 'unlockKeys', passphrase });
    } catch (failure) {
      setError(toErrorInfo(failure));
    } finally {
      setPassphrase('');
      setBusy(false);
    }
  }

  return (
    <section className={styles.notice} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={styles.heading}>
        {t('unlockTitle')}
      </h2>
      <p className={styles.text}>{t('unlockHint')}</p>
      <form onSubmit={(event) => void unlock(event)}>
        <Field id={`${id}-passphrase`} label={t('passphraseLabel')}>
          <input
            id={`${id}-passphrase`}
            className={controls.input}
            type="password"
            autoComplete="current-password"
            // The field is the one thing to do on this page while locked.
            // biome-ignore lint/a11y/noAutofocus: the popup opens for this field alone while locked
            autoFocus={autoFocus}
            value={passphrase}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setPassphrase(event.currentTarget.value)}
          />
        </Field>
        <button type="submit" className={controls.primary} disabled={busy} aria-busy={busy}>
          {busy ? t('unlocking') : t('unlockButton')}
        </button>
      </form>
      {error ? <ErrorMessage id={`${id}-error`}>{describeLockError(error)}</ErrorMessage> : null}
    </section>
  );
}
