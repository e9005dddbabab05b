import { type FormEvent, type ReactNode, useState } from 'react';
import controls from '@/components/controls.module.css';
import { ErrorMessage } from '@/components/ErrorMessage';
import { Field } from '@/components/Field';
import { describeLockError, UnlockForm } from '@/components/keys/UnlockForm';
import { StatusMessage } from '@/components/StatusMessage';
import { TextField } from '@/components/TextField';
import { toErrorInfo } from '@/utils/error-info';
import type { ErrorInfo } from '@/utils/errors';
import { t } from '@/utils/i18n';
import { IDLE_CHOICES, MIN_PASSPHRASE } from '@/utils/keys/key-lock-rules';
import type { KeyStatus, RequestOf, RequestType } from '@/utils/messaging/protocol';
import { send } from '@/utils/messaging/send';
import styles from './Options.module.css';

type Command = RequestOf<Exclude<RequestType, 'unlockKeys'>>;

function idleLabel(minutes: number): string {
  if (minutes === 0) return t('keyLockIdleNever');
  return minutes % 60 === 0 ? t('keyLockIdleHours', minutes / 60) : t('keyLockIdleMinutes', minutes);
}

function IdleSelect({ value, onChange }: { value: number; onChange: (minutes: number) => void }) {
  return (
    <Field id="key-lock-idle" label={t('keyLockIdle')}>
      <select
        id="key-lock-idle"
        className={controls.input}
        value={value}
        onChange={(event) => onChange(Number(event.currentTarget.value))}
      >
        {IDLE_CHOICES.map((minutes) => (
          <option key={minutes} value={minutes}>
            {idleLabel(minutes)}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** The new passphrase twice; its problem once the person has typed the confirmation. */
function useNewPassphrase() {
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const problem =
    next.length > 0 && next.length < MIN_PASSPHRASE
      ? t('keyLockTooShort', MIN_PASSPHRASE)
      : confirm !== '' && confirm !== next
        ? t('keyLockMismatch')
        : undefined;
  const fields = (
    <>
      <TextField
        id="key-lock-new"
        type="password"
        autoComplete="new-password"
        label={t('keyLockNewPassphrase', MIN_PASSPHRASE)}
        value={next}
        onChange={setNext}
        problem={problem}
      />
      <TextField
        id="key-lock-confirm"
        type="password"
        autoComplete="new-password"
        label={t('keyLockConfirm')}
        value={confirm}
        onChange={setConfirm}
      />
    </>
  );
  const ready = next.length >= MIN_PASSPHRASE && confirm === next;
  const clear = () => {
    setNext('');
    setConfirm('');
  };
  return { next, fields, ready, clear };
}

/**
 * The key lock (README "Key lock"): set, change or remove a passphrase, unlock, lock now, the idle time,
 * or keys kept for the browser session only. Passphrases go to the background and never come back.
 */
export function KeyLockSection({ status }: { status: KeyStatus }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorInfo>();
  const [done, setDone] = useState(false);
  const [idle, setIdle] = useState(status.idleMin ?? 15);
  const [current, setCurrent] = useState('');
  const fresh = useNewPassphrase();

  async function run(command: Command, after?: () => void): Promise<void> {
    setBusy(true);
    setError(undefined);
    setDone(false);
    try {
      await send(command);
      setDone(true);
      after?.();
    } catch (failure) {
      setError(toErrorInfo(failure));
    } finally {
      setCurrent('');
      setBusy(false);
    }
  }
  const submit = (command: () => Command | undefined) => (event: FormEvent) => {
    event.preventDefault();
    const made = command();
    if (made) void run(made, fresh.clear);
  };
  const button = (label: string, danger = false): ReactNode => (
    <button type="submit" className={danger ? controls.danger : controls.primary} disabled={busy}>
      {label}
    </button>
  );
  const currentField = (
    <TextField
      id="key-lock-current"
      type="password"
      autoComplete="current-password"
      label={t('keyLockCurrent')}
      value={current}
      onChange={setCurrent}
    />
  );

  let body: ReactNode;
  if (status.lock === 'passphrase' && status.locked) {
    body = <UnlockForm />;
  } else if (status.lock === 'passphrase') {
    body = (
      <>
        <p>{t('keyLockUnlocked')}</p>
        <IdleSelect
          value={status.idleMin ?? 0}
          onChange={(idleMin) => void run({ type: 'setLockIdle', idleMin })}
        />
        <div className={styles.actions}>
          <button
            type="button"
            className={controls.button}
            disabled={busy}
            onClick={() => void run({ type: 'lockKeys' })}
          >
            {t('keyLockLockNow')}
          </button>
        </div>
        <form
          aria-labelledby="key-lock-change"
          onSubmit={submit(() =>
            fresh.ready ? { type: 'changePassphrase', passphrase: current, next: fresh.next } : undefined,
          )}
        >
          <h3 id="key-lock-change">{t('keyLockChange')}</h3>
          {currentField}
          {fresh.fields}
          {button(t('keyLockChange'))}
        </form>
        <form
          aria-labelledby="key-lock-remove"
          onSubmit={submit(() => ({ type: 'removeKeyLock', passphrase: current }))}
        >
          <h3 id="key-lock-remove">{t('keyLockRemove')}</h3>
          <p className={controls.hint}>{t('keyLockRemoveHint')}</p>
          <TextField
            id="key-lock-remove-passphrase"
            type="password"
            autoComplete="current-password"
            label={t('passphraseLabel')}
            value={current}
            onChange={setCurrent}
          />
          {button(t('keyLockRemove'), true)}
        </form>
      </>
    );
  } else {
    body = (
      <>
        <form
          aria-labelledby="key-lock-set"
          onSubmit={submit(() =>
            fresh.ready ? { type: 'setKeyLock', passphrase: fresh.next, idleMin: idle } : undefined,
          )}
        >
          <h3 id="key-lock-set">{t('keyLockSet')}</h3>
          {fresh.fields}
          <IdleSelect value={idle} onChange={setIdle} />
          {button(t('keyLockSet'))}
        </form>
        <label className={controls.checkRow}>
          <input
            type="checkbox"
            className={controls.checkbox}
            checked={status.lock === 'session'}
            disabled={busy}
            onChange={(event) =>
              void run({ type: 'setKeyMode', mode: event.currentTarget.checked ? 'session' : 'plain' })
            }
          />
          {t('keyLockSessionLabel')}
        </label>
        {status.lock === 'session' ? <p className={controls.hint}>{t('keyLockSessionOn')}</p> : null}
      </>
    );
  }

  return (
    <section id="key-lock" className={styles.card} aria-labelledby="key-lock-heading">
      <h2 id="key-lock-heading" className={styles.sectionTitle}>
        {t('keyLockHeading')}
      </h2>
      <p className={controls.hint}>{t('keyLockIntro')}</p>
      {body}
      {error ? <ErrorMessage>{describeLockError(error)}</ErrorMessage> : null}
      {done && !error ? <StatusMessage tone="success">{t('keyLockDone')}</StatusMessage> : null}
    </section>
  );
}
