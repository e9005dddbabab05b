import { useEffect, useRef, useState } from 'react';
import {
  FIELD_ORDER,
  type FormField,
  type FormProblems,
  fromForm,
  type SettingsForm,
  toForm,
} from '@/utils/settings/page/settings-form';
import type { Settings } from '@/utils/settings/schema';

export const FIELD_IDS: Record<FormField, string> = {
  baseUrl: 'base-url',
  modelField: 'model-field',
  duration: 'defaults-duration',
  pollIntervalSec: 'poll-interval',
  jobTimeoutMin: 'job-timeout',
  requestTimeoutSec: 'request-timeout',
  imageTimeoutSec: 'image-timeout',
  copyCapMb: 'copy-cap',
  historyLimit: 'history-limit',
  historyDropAfterDays: 'history-drop-after',
  fileNameTemplate: 'file-name-template',
  confirmBatchAbove: 'confirm-batch-above',
  dailyBudget: 'daily-budget',
  monthlyBudget: 'monthly-budget',
  lowBalanceBelow: 'low-balance-below',
};

const ADVANCED_FIELDS: readonly FormField[] = [
  'modelField',
  'duration',
  'pollIntervalSec',
  'jobTimeoutMin',
  'requestTimeoutSec',
  'imageTimeoutSec',
  'historyLimit',
  'historyDropAfterDays',
];

/**
 * The settings as typed, filled once from storage (later changes must not overwrite what is being typed),
 * with their problems and the focus that follows them.
 */
export function useSettingsForm(stored: Settings) {
  const [form, setForm] = useState<SettingsForm>(() => toForm(stored));
  const [problems, setProblems] = useState<FormProblems>({});
  const [attempted, setAttempted] = useState(false);
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const focusAfterRender = useRef<string | undefined>(undefined);

  useEffect(() => {
    const id = focusAfterRender.current;
    if (!id) return;
    focusAfterRender.current = undefined;
    document.getElementById(id)?.focus();
  });

  const update = (patch: Partial<SettingsForm>) => {
    const next = { ...form, ...patch };
    setForm(next);
    // Once a save was attempted, problems follow the edits so fixed fields clear at once.
    if (attempted) {
      const checked = fromForm(next);
      setProblems('problems' in checked ? checked.problems : {});
    }
  };

  const showProblems = (found: FormProblems) => {
    setProblems(found);
    setAttempted(true);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first && ADVANCED_FIELDS.includes(first)) setAdvancedOpen(true);
    if (first) focusAfterRender.current = FIELD_IDS[first];
  };

  return {
    form,
    update,
    /** Fills the form again from what was saved. */
    reset: (settings: Settings) => setForm(toForm(settings)),
    problems,
    showProblems,
    clearProblems: () => setProblems({}),
    attempted,
    advancedOpen,
    setAdvancedOpen,
    focusLater: (id: string) => {
      focusAfterRender.current = id;
    },
  };
}

export type SettingsFormState = ReturnType<typeof useSettingsForm>;
