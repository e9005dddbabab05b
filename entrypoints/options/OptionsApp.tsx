import { useEffect, useRef, useState } from 'react';
import { ApiKeyField } from '@/components/ApiKeyField';
import controls from '@/components/controls.module.css';
import { ErrorMessage } from '@/components/ErrorMessage';
import { StatusMessage } from '@/components/StatusMessage';
import { TextField } from '@/components/TextField';
import { VideoOptionsFields } from '@/components/VideoOptionsFields';
import type { ErrorInfo } from '@/utils/errors';
import { describeError, describeProblem, formatCredits, t } from '@/utils/i18n';
import { send } from '@/utils/messaging/send';
import { toErrorInfo, useBackgroundState } from '@/utils/ui/hooks';
import { type AccessRequest, requestServiceAccess } from '@/utils/ui/permissions';
import {
  FIELD_ORDER,
  type FieldProblem,
  type FormField,
  type FormProblems,
  fromForm,
  keyForTypedUrl,
  NUMBER_LIMITS,
  type SettingsForm,
  toForm,
} from '@/utils/ui/settings-form';
import { apiKeyProblem, baseUrlProblem } from '@/utils/validation';
import styles from './Options.module.css';

type Outcome =
  | { type: 'idle' }
  | { type: 'progress'; text: string }
  | { type: 'success'; text: string }
  | { type: 'error'; text: string };

const FIELD_IDS: Record<FormField, string> = {
  baseUrl: 'base-url',
  modelField: 'model-field',
  duration: 'defaults-duration',
  pollIntervalSec: 'poll-interval',
  jobTimeoutMin: 'job-timeout',
  requestTimeoutSec: 'request-timeout',
};

const ADVANCED_FIELDS: readonly FormField[] = [
  'modelField',
  'duration',
  'pollIntervalSec',
  'jobTimeoutMin',
  'requestTimeoutSec',
];

function describeFieldProblem(problem: FieldProblem | undefined): string | undefined {
  if (!problem) return undefined;
  return problem.code === 'number_range'
    ? t('numberRange', [problem.min, problem.max])
    : describeProblem(problem);
}

/**
 * Asks for access to the service origin if it is not loopback. Must run synchronously inside the click
 * handler (a user gesture), so the caller calls it before awaiting anything.
 */
function askAccess(baseUrl: string): AccessRequest | { failed: string; origin: string } {
  try {
    return requestServiceAccess(baseUrl);
  } catch (error) {
    return { failed: error instanceof Error ? error.message : String(error), origin: baseUrl };
  }
}

async function accessGranted(request: ReturnType<typeof askAccess>, report: (outcome: Outcome) => void) {
  if ('failed' in request) {
    report({ type: 'error', text: t('permissionFailed', [request.origin, request.failed]) });
    return false;
  }
  if (!request.needed) return true;
  report({ type: 'progress', text: t('askingPermission', request.origin) });
  let granted = false;
  try {
    granted = await request.granted;
  } catch (error) {
    report({
      type: 'error',
      text: t('permissionFailed', [request.origin, error instanceof Error ? error.message : String(error)]),
    });
    return false;
  }
  if (!granted) report({ type: 'error', text: t('permissionDenied', request.origin) });
  return granted;
}

export function OptionsApp() {
  const background = useBackgroundState(1, 0);
  const state = background.state;
  const [form, setForm] = useState<SettingsForm | undefined>(undefined);
  const [apiKey, setApiKey] = useState('');
  const [editingKey, setEditingKey] = useState(false);
  const [reuseKey, setReuseKey] = useState(false);
  const [keyProblem, setKeyProblem] = useState<string | undefined>(undefined);
  const [problems, setProblems] = useState<FormProblems>({});
  const [attempted, setAttempted] = useState(false);
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>({ type: 'idle' });
  const focusAfterRender = useRef<string | undefined>(undefined);

  // Fill the form once from the first answer; later answers must not overwrite what is being typed.
  useEffect(() => {
    if (state && !form) setForm(toForm(state.settings));
  }, [state, form]);

  useEffect(() => {
    const id = focusAfterRender.current;
    if (!id) return;
    focusAfterRender.current = undefined;
    document.getElementById(id)?.focus();
  });

  const update = (patch: Partial<SettingsForm>) => {
    if (!form) return;
    const next = { ...form, ...patch };
    setForm(next);
    // Once a save was attempted, problems follow the edits so fixed fields clear at once.
    if (attempted) {
      const checked = fromForm(next);
      setProblems('problems' in checked ? checked.problems : {});
    }
  };

  const key = keyForTypedUrl(state?.key, form?.baseUrl ?? '');
  const typedKey = apiKey.trim();
  /** What the save or test sends about the key: a newly typed one, or the choice to reuse the stored one. */
  const keyChoice = (): { apiKey?: string; reuseKey?: boolean } => {
    if (key.elsewhere !== undefined && reuseKey) return { reuseKey: true };
    return (editingKey || !key.status?.set) && typedKey ? { apiKey: typedKey } : {};
  };

  /** A key that cannot travel in a header is refused here, with the reason beside the field. */
  const keyRefused = (): boolean => {
    const problem = keyChoice().apiKey === undefined ? undefined : apiKeyProblem(typedKey);
    setKeyProblem(problem && describeProblem(problem));
    if (!problem) return false;
    focusAfterRender.current = 'api-key';
    setOutcome({ type: 'error', text: t('formHasErrors') });
    return true;
  };

  const showProblems = (found: FormProblems) => {
    setProblems(found);
    setAttempted(true);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first && ADVANCED_FIELDS.includes(first)) setAdvancedOpen(true);
    if (first) focusAfterRender.current = FIELD_IDS[first];
    setOutcome({ type: 'error', text: t('formHasErrors') });
  };

  const save = () => {
    if (!form) return;
    const checked = fromForm(form);
    if ('problems' in checked) {
      showProblems(checked.problems);
      return;
    }
    setProblems({});
    if (keyRefused()) return;
    const { settings } = checked;
    // The permission prompt needs the click's user gesture: ask before anything is awaited.
    const access = settings.baseUrl ? askAccess(settings.baseUrl) : ({ needed: false } as const);
    const choice = keyChoice();
    setBusy(true);
    setOutcome({ type: 'progress', text: t('saving') });
    void (async () => {
      try {
        if (!(await accessGranted(access, setOutcome))) return;
        const fresh = await send({
          type: 'saveSettings',
          settings,
          ...choice,
        });
        background.accept(fresh);
        setForm(toForm(fresh.settings));
        setApiKey('');
        setEditingKey(false);
        setReuseKey(false);
        setOutcome({ type: 'success', text: t('saved') });
      } catch (failure) {
        setOutcome({ type: 'error', text: describeError(toErrorInfo(failure)) });
      } finally {
        setBusy(false);
      }
    })();
  };

  const test = () => {
    if (!form) return;
    const baseUrl = form.baseUrl.trim();
    const problem = baseUrl === '' ? ({ code: 'base_url_invalid' } as const) : baseUrlProblem(baseUrl);
    if (problem) {
      setProblems((found) => ({ ...found, baseUrl: problem }));
      setAttempted(true);
      focusAfterRender.current = FIELD_IDS.baseUrl;
      setOutcome({ type: 'error', text: baseUrl === '' ? t('testNeedsUrl') : t('formHasErrors') });
      return;
    }
    if (keyRefused()) return;
    const access = askAccess(baseUrl);
    const choice = keyChoice();
    setBusy(true);
    setOutcome({ type: 'progress', text: t('testing') });
    void (async () => {
      try {
        if (!(await accessGranted(access, setOutcome))) return;
        setOutcome({ type: 'progress', text: t('testing') });
        const { balance } = await send({
          type: 'testConnection',
          baseUrl,
          ...choice,
        });
        setOutcome({ type: 'success', text: t('connected', formatCredits(balance)) });
      } catch (failure) {
        setOutcome({ type: 'error', text: describeError(toErrorInfo(failure)) });
      } finally {
        setBusy(false);
      }
    })();
  };

  const removeKey = () => {
    if (!state) return;
    setBusy(true);
    setOutcome({ type: 'progress', text: t('saving') });
    send({ type: 'removeApiKey' })
      .then(
        (fresh) => {
          background.accept(fresh);
          setApiKey('');
          setEditingKey(false);
          setOutcome({ type: 'success', text: t('apiKeyRemoved') });
          focusAfterRender.current = 'api-key';
        },
        (failure: unknown) => {
          const info: ErrorInfo = toErrorInfo(failure);
          setOutcome({ type: 'error', text: describeError(info) });
        },
      )
      .finally(() => setBusy(false));
  };

  const loadError = background.error && !state ? background.error : undefined;

  return (
    <main className={styles.page}>
      <h1 className={styles.title}>
        <img className={styles.logo} src="/icon/48.png" alt="" width={32} height={32} />
        {t('optionsHeading')}
      </h1>

      {loadError ? <ErrorMessage>{t('loadFailed', describeError(loadError))}</ErrorMessage> : null}
      {!form && !loadError ? <p className={styles.muted}>{t('loading')}</p> : null}

      {form ? (
        <form
          className={styles.form}
          noValidate
          aria-busy={busy}
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <section className={styles.card} aria-labelledby="service-heading">
            <h2 id="service-heading" className={styles.sectionTitle}>
              {t('serviceSection')}
            </h2>
            <TextField
              id={FIELD_IDS.baseUrl}
              label={t('serviceUrlLabel')}
              type="url"
              inputMode="url"
              autoComplete="url"
              spellCheck={false}
              placeholder="https://api.example.com"
              value={form.baseUrl}
              onChange={(baseUrl) => update({ baseUrl })}
              hint={t('serviceUrlHint')}
              problem={describeFieldProblem(problems.baseUrl)}
            />
            <ApiKeyField
              status={key.status}
              problem={keyProblem}
              {...(key.elsewhere !== undefined
                ? {
                    elsewhere: {
                      keyOrigin: key.elsewhere,
                      target: key.target,
                      reuse: reuseKey,
                      onReuseChange: setReuseKey,
                    },
                  }
                : {})}
              editing={editingKey}
              value={apiKey}
              onChange={setApiKey}
              onReplace={() => {
                setEditingKey(true);
                focusAfterRender.current = 'api-key';
              }}
              onKeep={() => {
                setEditingKey(false);
                setApiKey('');
              }}
              onRemove={removeKey}
              busy={busy}
            />
            <TextField
              id="model-id"
              label={t('modelLabel')}
              spellCheck={false}
              autoComplete="off"
              value={form.modelId}
              onChange={(modelId) => update({ modelId })}
              hint={t('modelHint')}
            />
          </section>

          <details
            className={styles.card}
            open={advancedOpen}
            onToggle={(event) => setAdvancedOpen(event.currentTarget.open)}
          >
            <summary className={styles.summary}>{t('advancedSummary')}</summary>
            <div className={styles.advanced}>
              <TextField
                id={FIELD_IDS.modelField}
                label={t('modelFieldLabel')}
                spellCheck={false}
                autoComplete="off"
                value={form.modelField}
                onChange={(modelField) => update({ modelField })}
                hint={t('modelFieldHint')}
                problem={describeFieldProblem(problems.modelField)}
              />
              <VideoOptionsFields
                idPrefix="defaults"
                legend={t('videoDefaultsLegend')}
                value={form.video}
                onChange={(video) => update({ video })}
                showProblems={attempted}
              />
              <div className={styles.numbers}>
                {(
                  [
                    ['pollIntervalSec', 'pollIntervalLabel'],
                    ['jobTimeoutMin', 'jobTimeoutLabel'],
                    ['requestTimeoutSec', 'requestTimeoutLabel'],
                  ] as const
                ).map(([field, labelKey]) => (
                  <TextField
                    key={field}
                    id={FIELD_IDS[field]}
                    label={t(labelKey)}
                    type="number"
                    inputMode="numeric"
                    min={NUMBER_LIMITS[field].min}
                    max={NUMBER_LIMITS[field].max}
                    step={1}
                    value={form[field]}
                    onChange={(value) => update({ [field]: value })}
                    problem={describeFieldProblem(problems[field])}
                  />
                ))}
              </div>
            </div>
          </details>

          <div className={styles.actions}>
            <button type="submit" className={controls.primary} disabled={busy}>
              {t('save')}
            </button>
            <button type="button" className={controls.button} disabled={busy} onClick={test}>
              {t('testConnection')}
            </button>
          </div>

          <div className={styles.outcome}>
            {outcome.type === 'progress' ? <StatusMessage>{outcome.text}</StatusMessage> : null}
            {outcome.type === 'success' ? <StatusMessage tone="success">{outcome.text}</StatusMessage> : null}
            {outcome.type === 'error' ? <ErrorMessage>{outcome.text}</ErrorMessage> : null}
          </div>
        </form>
      ) : null}
    </main>
  );
}
