import { useState } from 'react';
import { describeDiagnosis, describeError } from '@/utils/describe-error';
import { baseUrlWithoutEndpoint } from '@/utils/doctor/base-url-fix';
import { diagnoseFailure, insecureHttp } from '@/utils/doctor/diagnosis';
import { toErrorInfo } from '@/utils/error-info';
import { formatCredits, t } from '@/utils/i18n';
import { send } from '@/utils/messaging/send';
import { fromForm } from '@/utils/settings/page/settings-form';
import { settingsItem } from '@/utils/storage/items';
import { shownSettings } from '@/utils/ui/stored-view';
import { baseUrlProblem } from '@/utils/validation';
import { accessGranted, askAccess } from './access';
import type { DoctorFindings } from './DoctorNotes';
import type { Outcome } from './outcome';
import type { KeyChoice } from './useKeyChoice';
import type { SettingsFormState } from './useSettingsForm';

/**
 * Save, test connection (with its diagnosis) and remove key: each checks the form, asks for access within the click, sends
 * one command and says how it ended. What changed reaches the page through storage.
 */
export function useOptionsCommands(settings: SettingsFormState, key: KeyChoice) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>({ type: 'idle' });
  const [findings, setFindings] = useState<DoctorFindings>({});

  const formHasErrors = () => setOutcome({ type: 'error', text: t('formHasErrors') });

  const keyRefused = (): boolean => {
    if (!key.refused()) return false;
    settings.focusLater('api-key');
    formHasErrors();
    return true;
  };

  /** Runs a command with the page busy, reporting a failure in the person's words. */
  const run = (progress: string, command: () => Promise<void>) => {
    setBusy(true);
    setOutcome({ type: 'progress', text: progress });
    command()
      .catch((failure: unknown) => setOutcome({ type: 'error', text: describeError(toErrorInfo(failure)) }))
      .finally(() => setBusy(false));
  };

  const save = () => {
    const checked = fromForm(settings.form);
    if ('problems' in checked) {
      settings.showProblems(checked.problems);
      formHasErrors();
      return;
    }
    settings.clearProblems();
    if (keyRefused()) return;
    // The permission prompt needs the click's user gesture: ask before anything is awaited.
    const access = checked.settings.baseUrl
      ? askAccess(checked.settings.baseUrl)
      : ({ needed: false } as const);
    const choice = key.choice();
    run(t('saving'), async () => {
      if (!(await accessGranted(access, setOutcome))) return;
      await send({ type: 'saveSettings', settings: checked.settings, ...choice });
      // The background stored the settings before answering; show them as it keeps them.
      settings.reset(shownSettings(await settingsItem.getValue()));
      key.clear();
      setOutcome({ type: 'success', text: t('saved') });
    });
  };

  const test = (typedUrl = settings.form.baseUrl) => {
    setFindings({});
    const baseUrl = typedUrl.trim();
    const problem = baseUrl === '' ? ({ code: 'base_url_invalid' } as const) : baseUrlProblem(baseUrl);
    if (problem) {
      settings.showProblems({ ...settings.problems, baseUrl: problem });
      const insecure = problem.code === 'base_url_insecure' ? insecureHttp(baseUrl) : undefined;
      const text = insecure
        ? describeDiagnosis(insecure)
        : t(baseUrl === '' ? 'testNeedsUrl' : 'formHasErrors');
      setOutcome({ type: 'error', text });
      return;
    }
    if (keyRefused()) return;
    const keyTrimmed = key.trimTyped();
    setFindings({ keyTrimmed });
    const access = askAccess(baseUrl);
    const choice = key.choice();
    run(t('testing'), async () => {
      if (!(await accessGranted(access, setOutcome))) return;
      setOutcome({ type: 'progress', text: t('testing') });
      try {
        const { balance } = await send({ type: 'testConnection', baseUrl, ...choice });
        setOutcome({ type: 'success', text: t('connected', formatCredits(balance)) });
      } catch (failure) {
        // A URL pasted with an interface path can only fail; the fix is offered beside the reason.
        setFindings({ keyTrimmed, fix: baseUrlWithoutEndpoint(baseUrl) });
        const diagnosis = diagnoseFailure(baseUrl, toErrorInfo(failure));
        setOutcome({ type: 'error', text: describeDiagnosis(diagnosis) });
      }
    });
  };

  /** The one-click fix: the service URL without its interface path, tested at once. */
  const applyBaseUrlFix = (baseUrl: string) => {
    settings.update({ baseUrl });
    test(baseUrl);
  };

  const removeKey = () =>
    run(t('saving'), async () => {
      await send({ type: 'removeApiKey' });
      key.clear();
      setOutcome({ type: 'success', text: t('apiKeyRemoved') });
      settings.focusLater('api-key');
    });

  return { busy, outcome, findings, save, test: () => test(), applyBaseUrlFix, removeKey };
}
