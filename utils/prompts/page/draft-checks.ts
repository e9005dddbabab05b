import { batchProblem } from '@/utils/batch/batch-state';
import type { VideoOptions } from '@/utils/settings/schema';
import { fromDraft } from '@/utils/settings/video-options';
import { promptProblem } from '@/utils/validation';
import type { PromptDraft } from './use-prompt-draft';

/**
 * The checks a Generate makes on the draft before anything is sent: each returns what to send, or undefined
 * after showing what is wrong and putting the focus there. Fetched with the first click, with the requests
 * (prompt-requests.ts).
 */

function checkPrompt({ checks }: PromptDraft): string | undefined {
  const problem = promptProblem(checks.prompt);
  checks.showProblem(problem);
  return problem ? undefined : checks.prompt.trim();
}

/** The video options, or undefined after showing their problems; focus goes to the first problem. */
function checkOptions({ checks }: PromptDraft, promptOk: boolean): VideoOptions | undefined {
  const parsed = fromDraft(checks.video);
  checks.showVideoProblems('problem' in parsed);
  if (!promptOk) checks.textareaRef.current?.focus();
  else if ('problem' in parsed) document.getElementById('video-duration')?.focus();
  return promptOk && !('problem' in parsed) ? parsed.options : undefined;
}

/** The prompt to send, or undefined after showing (and focusing) what is wrong. */
export function checkedPrompt(draft: PromptDraft): string | undefined {
  const checked = checkPrompt(draft);
  if (checked === undefined) draft.checks.textareaRef.current?.focus();
  return checked;
}

/** The prompt and video options to send, or undefined after showing what is wrong. */
export function checkedVideo(draft: PromptDraft): { prompt: string; options: VideoOptions } | undefined {
  const checked = checkPrompt(draft);
  const options = checkOptions(draft, checked !== undefined);
  return checked === undefined || !options ? undefined : { prompt: checked, options };
}

/** The lines to send as prompts (for videos with their options), or undefined after showing what is wrong. */
export function checkedBatch(
  draft: PromptDraft,
  kind: 'image' | 'video',
): { prompts: string[]; options?: VideoOptions } | undefined {
  const { expanded, showProblem, textareaRef, waitForParser } = draft.checks;
  // A click in the moment the parser loads sends nothing yet rather than braces as typed, and is kept.
  waitForParser(expanded ? undefined : kind);
  if (!expanded) return undefined;
  const lines = 'prompts' in expanded ? expanded.prompts : [];
  const problem = 'problem' in expanded ? expanded.problem : batchProblem(lines);
  showProblem(problem);
  if (kind === 'image') {
    if (problem) textareaRef.current?.focus();
    return problem ? undefined : { prompts: lines };
  }
  const options = checkOptions(draft, !problem);
  return problem || !options ? undefined : { prompts: lines, options };
}
