import { t } from '../i18n';
import { aspectRatioProblem, durationProblem, type Problem, resolutionProblem } from '../validation';
import { DEFAULT_SETTINGS } from './defaults';
import type { VideoOptions } from './schema';

export const RESOLUTIONS = ['480p', '720p', '1080p'] as const;
export const ASPECT_RATIOS = ['16:9', '9:16', '1:1', '4:3'] as const;

/** The form's copy of video options: the duration stays text while it is typed. */
export interface VideoOptionsDraft {
  duration: string;
  resolution: string;
  aspectRatio: string;
  generateAudio: boolean;
}

export function toDraft(options: VideoOptions): VideoOptionsDraft {
  return { ...options, duration: String(options.duration) };
}

/** The typed duration as a number; empty text is not a number (rather than 0). */
export function parseDuration(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

/** The options to send, or the first problem with them. */
export function fromDraft(draft: VideoOptionsDraft): { options: VideoOptions } | { problem: Problem } {
  const duration = parseDuration(draft.duration);
  const problem =
    durationProblem(duration) ?? resolutionProblem(draft.resolution) ?? aspectRatioProblem(draft.aspectRatio);
  if (problem) return { problem };
  return {
    options: {
      duration,
      resolution: draft.resolution,
      aspectRatio: draft.aspectRatio,
      generateAudio: draft.generateAudio,
    },
  };
}

/** The standard choices, plus the current value when settings hold another valid one. */
export function withCurrent(choices: readonly string[], current: string): string[] {
  return choices.includes(current) || current === '' ? [...choices] : [...choices, current];
}

export function aspectRatioLabel(ratio: string): string {
  const match = /^(\d+):(\d+)$/.exec(ratio);
  if (!match) return ratio;
  const width = Number(match[1]);
  const height = Number(match[2]);
  if (width === height) return t('aspectSquare', ratio);
  return width > height ? t('aspectLandscape', ratio) : t('aspectPortrait', ratio);
}

/** What the form shows before settings are read. */
export const INITIAL_VIDEO_DRAFT: VideoOptionsDraft = toDraft(DEFAULT_SETTINGS.videoDefaults);
