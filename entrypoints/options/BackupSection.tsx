import { type FormEvent, useState } from 'react';
import { ConfirmButtons } from '@/components/ConfirmButtons';
import controls from '@/components/controls.module.css';
import { ErrorMessage } from '@/components/ErrorMessage';
import { StatusMessage } from '@/components/StatusMessage';
import { TextField } from '@/components/TextField';
import type { RestorePreview } from '@/utils/backup/backup-plan';
import type { BackupStatus } from '@/utils/backup/backup-schema';
import { placeAddress, type ShownConfig } from '@/utils/backup/page/backup-view';
import { addressOf, formOf, type PlaceForm, placeFields } from '@/utils/backup/page/place-form';
import { useBackupConfig, useBackupStatus } from '@/utils/backup/page/use-backup';
import { describeError } from '@/utils/describe-error';
import { toErrorInfo } from '@/utils/error-info';
import { t, uiLanguage } from '@/utils/i18n';
import { send } from '@/utils/messaging/send';
import { formatDateTime } from '@/utils/ui/format';
import { formatBytes } from '@/utils/ui/format-bytes';
import { accessGranted, askAccess } from './access';
import { BackupPlaceFields } from './BackupPlaceFields';
import { CheckField } from './CheckField';
import styles from './Options.module.css';
import { type Outcome, OutcomeMessage } from './outcome';

const failure = (error: unknown): Outcome => ({ type: 'error', text: describeError(toErrorInfo(error)) });
const size = (bytes: number) => formatBytes(bytes, uiLanguage());

export const previewText = (preview: RestorePreview) =>
  t('backupPreviewText', [
    preview.entries,
    preview.copies,
    size(preview.bytes),
    formatDateTime(preview.at, uiLanguage()),
  ]);

/**
 * Asks for access to the place's origin in the click, then runs `command` once it is granted, reporting
 * each step: the browser shows its prompt only while the click is being handled.
 */
function withAccess(form: PlaceForm, report: (outcome: Outcome) => void, command: () => Promise<void>) {
  const asked = askAccess(addressOf(form));
  void accessGranted(asked, report)
    .then((granted) => (granted ? command() : undefined))
    .catch((error: unknown) => report(failure(error)));
}

/**
 * The backup (README "Backup"): where it goes and how it is doing, or the form that sets it up; and restore.
 * `lockUnlocked`: a passphrase key lock is set and open, so a new backup may share its passphrase.
 */
export default function BackupSection({ lockUnlocked }: { lockUnlocked: boolean }) {
  const config = useBackupConfig();
  const status = useBackupStatus();
  if (!config.read) return null;
  return (
    <section className={styles.card} aria-labelledby="backup-heading">
      <h2 id="backup-heading" className={styles.sectionTitle}>
        {t('backupSection')}
      </h2>
      <p className={styles.muted}>{t('backupIntro')}</p>
      {config.value ? (
        <BackupState config={config.value} status={status.value ?? { state: 'idle' }} />
      ) : (
        <SetUpForm lockUnlocked={lockUnlocked} />
      )}
      <RestoreForm saved={config.value ?? undefined} status={status.value ?? { state: 'idle' }} />
    </section>
  );
}

function SetUpForm({ lockUnlocked }: { lockUnlocked: boolean }) {
  const [form, setForm] = useState<PlaceForm>(formOf(undefined));
  const [passphrase, setPassphrase] = useState('');
  const [useLock, setUseLock] = useState(false);
  const keyLock = lockUnlocked && useLock;
  const [auto, setAuto] = useState(true);
  const [outcome, setOutcome] = useState<Outcome>({ type: 'idle' });
  const update = (change: Partial<PlaceForm>) => setForm((previous) => ({ ...previous, ...change }));
  const busy = outcome.type === 'progress';

  const test = () =>
    withAccess(form, setOutcome, async () => {
      setOutcome({ type: 'progress', text: t('backupTesting') });
      await send({ type: 'testBackup', ...placeFields(form) });
      setOutcome({ type: 'success', text: t('backupTestOk') });
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    withAccess(form, setOutcome, async () => {
      setOutcome({ type: 'progress', text: t('backupSettingUp') });
      const secret = keyLock ? { passphrase: '', keyLock: true as const } : { passphrase };
      const answer = await send({ type: 'setUpBackup', ...placeFields(form), ...secret, auto });
      setOutcome(
        answer.saved
          ? { type: 'success', text: t('backupSetUpDone') }
          : { type: 'error', text: `${t('backupFoundOther')} ${previewText(answer.restoreFirst)}` },
      );
    });
  };
  return (
    <form className={styles.form} onSubmit={submit} aria-label={t('backupSetUp')}>
      <BackupPlaceFields idPrefix="backup" form={form} onChange={update} credentialSaved={false} />
      {lockUnlocked ? (
        <CheckField
          id="backup-key-lock"
          label={t('backupUseKeyLockLabel')}
          hint={t('backupUseKeyLockHint')}
          checked={useLock}
          onChange={setUseLock}
        />
      ) : null}
      {keyLock ? null : (
        <TextField
          id="backup-passphrase"
          label={t('backupPassphraseLabel')}
          hint={t('backupPassphraseHint')}
          type="password"
          autoComplete="new-password"
          value={passphrase}
          onChange={setPassphrase}
        />
      )}
      <CheckField id="backup-auto" label={t('backupAutoLabel')} hint="" checked={auto} onChange={setAuto} />
      <div className={styles.actions}>
        <button type="button" className={controls.button} disabled={busy} onClick={test}>
          {t('backupTest')}
        </button>
        <button type="submit" className={controls.primary} disabled={busy}>
          {t('backupSetUp')}
        </button>
      </div>
      <OutcomeMessage outcome={outcome} />
    </form>
  );
}

function statusLines(status: BackupStatus): { text: string; error?: boolean }[] {
  const language = uiLanguage();
  const lines: { text: string; error?: boolean }[] = [];
  if (status.last)
    lines.push({
      text: t('backupLast', [
        formatDateTime(status.last.at, language),
        status.last.held.items,
        size(status.last.held.bytes),
        size(status.last.sent.bytes),
      ]),
    });
  else if (status.state === 'idle' && !status.restore) lines.push({ text: t('backupNever') });
  if (status.locked) lines.push({ text: t('backupLocked') });
  if (status.failure)
    lines.push({ text: t('backupFailed', describeError(status.failure.error)), error: true });
  const done = status.restore?.done;
  if (done) lines.push({ text: t('backupRestoreDone', [done.entries, done.copies, done.charges]) });
  if (status.restore?.removing !== undefined)
    lines.push({ text: t('backupRestoreNeedsRoom', status.restore.removing), error: true });
  return lines;
}

function Progress({ status }: { status: BackupStatus }) {
  const progress = status.progress;
  if (status.state === 'idle' || !progress) return null;
  const { total, done } = progress;
  const text =
    status.state === 'backing-up'
      ? t('backupRunning', [done.items, total.items, size(done.bytes), size(total.bytes)])
      : t('backupRestoring', [size(done.bytes), size(total.bytes)]);
  return (
    <div>
      <progress
        className={styles.progress}
        aria-label={t('backupProgressLabel')}
        max={Math.max(1, total.bytes)}
        value={done.bytes}
      />
      <StatusMessage>{text}</StatusMessage>
    </div>
  );
}

function BackupState({ config, status }: { config: ShownConfig; status: BackupStatus }) {
  const [outcome, setOutcome] = useState<Outcome>({ type: 'idle' });
  const [forgetting, setForgetting] = useState(false);
  const act = (command: () => Promise<unknown>) => {
    setOutcome({ type: 'idle' });
    command().catch((error: unknown) => setOutcome(failure(error)));
  };
  return (
    <div data-testid="backup-state" data-state={status.state}>
      <p>{t('backupTo', placeAddress(config.place))}</p>
      {config.keyLock ? <p className={styles.muted}>{t('backupSharesLock')}</p> : null}
      {statusLines(status).map((line) =>
        line.error ? (
          <ErrorMessage key={line.text}>{line.text}</ErrorMessage>
        ) : (
          <p key={line.text} className={styles.muted}>
            {line.text}
          </p>
        ),
      )}
      <Progress status={status} />
      <CheckField
        id="backup-auto-saved"
        label={t('backupAutoLabel')}
        hint=""
        checked={config.auto}
        onChange={(auto) => act(() => send({ type: 'setBackupAuto', auto }))}
      />
      {forgetting ? (
        <div className={styles.actions}>
          <p className={styles.muted}>{t('backupForgetConfirm')}</p>
          <ConfirmButtons
            confirmLabel={t('backupForgetYes')}
            busy={false}
            onConfirm={() => act(() => send({ type: 'forgetBackup' }))}
            onCancel={() => setForgetting(false)}
          />
        </div>
      ) : (
        <div className={styles.actions}>
          <button
            type="button"
            className={controls.primary}
            disabled={status.state !== 'idle'}
            onClick={() => act(() => send({ type: 'runBackup' }))}
          >
            {t('backupNow')}
          </button>
          <button type="button" className={controls.danger} onClick={() => setForgetting(true)}>
            {t('backupForget')}
          </button>
        </div>
      )}
      <OutcomeMessage outcome={outcome} />
    </div>
  );
}

function RestoreForm({ saved, status }: { saved: ShownConfig | undefined; status: BackupStatus }) {
  const [form, setForm] = useState<PlaceForm>(formOf(saved?.place));
  const [passphrase, setPassphrase] = useState('');
  const [preview, setPreview] = useState<RestorePreview>();
  const [outcome, setOutcome] = useState<Outcome>({ type: 'idle' });
  const update = (change: Partial<PlaceForm>) => {
    setPreview(undefined);
    setForm((previous) => ({ ...previous, ...change }));
  };
  const busy = outcome.type === 'progress' || status.state !== 'idle';
  const credentialSaved = saved !== undefined && addressOf(formOf(saved.place)) === addressOf(form);

  const show = (event: FormEvent) => {
    event.preventDefault();
    withAccess(form, setOutcome, async () => {
      setOutcome({ type: 'progress', text: t('backupPreviewing') });
      setPreview(await send({ type: 'previewRestore', ...placeFields(form), passphrase }));
      setOutcome({ type: 'idle' });
    });
  };
  const restore = () =>
    withAccess(form, setOutcome, async () => {
      await send({ type: 'startRestore', ...placeFields(form), passphrase });
      setPreview(undefined);
      setOutcome({ type: 'success', text: t('backupRestoreStarted') });
    });
  return (
    <details className={styles.advanced}>
      <summary className={styles.summary}>{t('backupRestoreHeading')}</summary>
      <form className={styles.form} onSubmit={show} aria-label={t('backupRestoreHeading')}>
        <p className={styles.muted}>{t('backupRestoreHint')}</p>
        <BackupPlaceFields
          idPrefix="restore"
          form={form}
          onChange={update}
          credentialSaved={credentialSaved}
        />
        <TextField
          id="restore-passphrase"
          label={t('backupPassphraseLabel')}
          type="password"
          autoComplete="current-password"
          value={passphrase}
          onChange={(value) => {
            setPreview(undefined);
            setPassphrase(value);
          }}
        />
        <div className={styles.actions}>
          <button type="submit" className={controls.button} disabled={busy}>
            {t('backupPreview')}
          </button>
        </div>
        {preview ? (
          <div className={styles.actions}>
            <p data-testid="restore-preview">{previewText(preview)}</p>
            <button type="button" className={controls.primary} disabled={busy} onClick={restore}>
              {t('backupRestore')}
            </button>
          </div>
        ) : null}
        <OutcomeMessage outcome={outcome} />
      </form>
    </details>
  );
}
