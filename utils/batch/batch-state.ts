import { type Problem, promptProblem } from '../validation';

/**
 * Batch rules shared by the prompt form (checked inline, without zod) and the background's command schema.
 * Twenty prompts is more than anyone types by hand and still a bill the person can picture.
 */
export const MAX_BATCH = 20;
/** Requests of batches in flight at once, per worker: the service and the person's credits both set the pace. */
export const BATCH_CONCURRENCY = 2;

/** Each non-empty line of the prompt box, trimmed: one prompt per line. */
export function batchLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** What keeps these lines from being sent as a batch; each line must be a valid prompt of its own. */
export function batchProblem(lines: readonly string[]): Problem | undefined {
  if (lines.length === 0) return { code: 'prompt_empty' };
  if (lines.length > MAX_BATCH) return { code: 'batch_too_many', count: lines.length, max: MAX_BATCH };
  for (const [index, line] of lines.entries()) {
    const problem = promptProblem(line);
    if (problem?.code === 'prompt_too_long')
      return { code: 'batch_line_too_long', line: index + 1, length: problem.length, max: problem.max };
  }
  return undefined;
}

/**
 * How many generations a batch makes may not pass MAX_BATCH: with a comparison, each prompt times each
 * model. (A batch of one prompt is one generation told as a batch; the pages send a single prompt as such.)
 */
export function batchSizeProblem(prompts: number, models = 1): Problem | undefined {
  const count = prompts * models;
  return count > MAX_BATCH ? { code: 'compare_too_many', prompts, models, count, max: MAX_BATCH } : undefined;
}
