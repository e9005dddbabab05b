import type { KeyStatus } from '../../messaging/protocol';
import { isCreditAmount } from '../../spend/credits';
import {
  baseUrlProblem,
  fileNameTemplateProblem,
  isCreditsField,
  modelFieldProblem,
  NUMBER_LIMITS,
  type Problem,
} from '../../validation';
import type { Settings } from '../schema';
import { fromDraft, toDraft, type VideoOptionsDraft } from '../video-options';

/**
 * The options form as typed (numbers stay text while edited), with the same limits the background's
 * settings schema enforces, checked here first so problems show beside the fields.
 */
export interface SettingsForm {
  baseUrl: string;
  modelId: string;
  modelField: string;
  video: VideoOptionsDraft;
  pollIntervalSec: string;
  jobTimeoutMin: string;
  requestTimeoutSec: string;
  imageTimeoutSec: string;
  keepCopies: boolean;
  copyCapMb: string;
  historyLimit: string;
  historyDropAfterDays: string;
  reviewSelection: boolean;
  promptInFiles: boolean;
  fileNameTemplate: string;
  confirmBatchAbove: string;
  dailyBudget: string;
  monthlyBudget: string;
  lowBalanceBelow: string;
}

export { NUMBER_LIMITS };

export type NumberField = keyof typeof NUMBER_LIMITS;

export type FieldProblem = Problem | { code: 'number_range'; min: number; max: number; credits?: true };

export type FormField = 'baseUrl' | 'modelField' | 'duration' | 'fileNameTemplate' | NumberField;

export type FormProblems = Partial<Record<FormField, FieldProblem>>;

export function toForm(settings: Settings): SettingsForm {
  return {
    baseUrl: settings.baseUrl,
    modelId: settings.modelId,
    modelField: settings.modelField,
    video: toDraft(settings.videoDefaults),
    pollIntervalSec: String(settings.pollIntervalSec),
    jobTimeoutMin: String(settings.jobTimeoutMin),
    requestTimeoutSec: String(settings.requestTimeoutSec),
    imageTimeoutSec: String(settings.imageTimeoutSec),
    keepCopies: settings.keepCopies,
    copyCapMb: String(settings.copyCapMb),
    historyLimit: String(settings.historyLimit),
    historyDropAfterDays: String(settings.historyDropAfterDays),
    reviewSelection: settings.reviewSelection,
    promptInFiles: settings.promptInFiles,
    fileNameTemplate: settings.fileNameTemplate,
    confirmBatchAbove: String(settings.confirmBatchAbove),
    dailyBudget: String(settings.dailyBudget),
    monthlyBudget: String(settings.monthlyBudget),
    lowBalanceBelow: String(settings.lowBalanceBelow),
  };
}

function parseNumber(text: string, field: NumberField): { value: number } | { problem: FieldProblem } {
  const { min, max } = NUMBER_LIMITS[field];
  const credits = isCreditsField(field);
  const trimmed = text.trim();
  const value = trimmed === '' ? Number.NaN : Number(trimmed);
  const exact = credits ? isCreditAmount(value) : Number.isInteger(value);
  return exact && value >= min && value <= max
    ? { value }
    : { problem: { code: 'number_range', min, max, ...(credits ? { credits } : {}) } };
}

function everyNumber(numbers: Partial<Record<NumberField, number>>): numbers is Record<NumberField, number> {
  return (Object.keys(NUMBER_LIMITS) as NumberField[]).every((field) => numbers[field] !== undefined);
}

/** The settings to save, or every problem by field. An empty service URL is allowed (not set up). */
export function fromForm(form: SettingsForm): { settings: Settings } | { problems: FormProblems } {
  const problems: FormProblems = {};
  const baseUrl = form.baseUrl.trim();
  const urlProblem = baseUrl === '' ? undefined : baseUrlProblem(baseUrl);
  if (urlProblem) problems.baseUrl = urlProblem;
  const modelField = form.modelField.trim();
  const fieldProblem = modelFieldProblem(modelField);
  if (fieldProblem) problems.modelField = fieldProblem;
  const video = fromDraft(form.video);
  if ('problem' in video) problems.duration = video.problem;
  const fileNameTemplate = form.fileNameTemplate.trim();
  const templateProblem = fileNameTemplateProblem(fileNameTemplate);
  if (templateProblem) problems.fileNameTemplate = templateProblem;
  const numbers: Partial<Record<NumberField, number>> = {};
  for (const field of Object.keys(NUMBER_LIMITS) as NumberField[]) {
    const parsed = parseNumber(form[field], field);
    if ('problem' in parsed) problems[field] = parsed.problem;
    else numbers[field] = parsed.value;
  }
  if (Object.keys(problems).length > 0 || 'problem' in video || !everyNumber(numbers)) return { problems };
  return {
    settings: {
      baseUrl,
      modelId: form.modelId.trim(),
      modelField,
      videoDefaults: video.options,
      pollIntervalSec: numbers.pollIntervalSec,
      jobTimeoutMin: numbers.jobTimeoutMin,
      requestTimeoutSec: numbers.requestTimeoutSec,
      imageTimeoutSec: numbers.imageTimeoutSec,
      keepCopies: form.keepCopies,
      reviewSelection: form.reviewSelection,
      promptInFiles: form.promptInFiles,
      fileNameTemplate,
      copyCapMb: numbers.copyCapMb,
      historyLimit: numbers.historyLimit,
      historyDropAfterDays: numbers.historyDropAfterDays,
      confirmBatchAbove: numbers.confirmBatchAbove,
      dailyBudget: numbers.dailyBudget,
      monthlyBudget: numbers.monthlyBudget,
      lowBalanceBelow: numbers.lowBalanceBelow,
    },
  };
}

/** The order fields appear in, to focus the first one with a problem. */
export const FIELD_ORDER: readonly FormField[] = [
  'baseUrl',
  'modelField',
  'duration',
  'pollIntervalSec',
  'jobTimeoutMin',
  'requestTimeoutSec',
  'imageTimeoutSec',
  'historyLimit',
  'historyDropAfterDays',
  'copyCapMb',
  'fileNameTemplate',
  'confirmBatchAbove',
  'dailyBudget',
  'monthlyBudget',
  'lowBalanceBelow',
];

/**
 * The stored key as it stands for the service URL in the form: a key belongs to the origin it was
 * entered for, so with another URL typed the form asks for that service's key (or the explicit choice
 * to reuse this one), and `elsewhere` names the origin the stored key belongs to.
 */
export function keyForTypedUrl(
  key: KeyStatus | undefined,
  baseUrl: string,
): { status: KeyStatus | undefined; target: string; elsewhere?: string } {
  const trimmed = baseUrl.trim();
  const target = trimmed && !baseUrlProblem(trimmed) ? new URL(trimmed).origin : '';
  if (!key || key.origin === undefined || target === '') return { status: key, target };
  if (key.origin === target) return { status: { ...key, set: true }, target };
  return { status: { set: false }, target, elsewhere: key.origin };
}
