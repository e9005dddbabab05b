import { batchLines } from '../batch/batch-state';
import type { Problem } from '../validation';
import { isEscapable, templateVariableEnd } from './has-variations';

/**
 * Dynamic prompts: `{a|b|c}` makes one prompt per alternative, every group multiplying the others, so
 * `{red|blue} {cat|dog}` is four prompts. Groups nest, and an alternative may be empty (`{|very }big`).
 * A backslash makes `{`, `}`, `|` and `\` literal; `{{name}}` is a template variable, kept as written.
 * Page-side and free of zod, as the popup loads it only when a prompt needs it.
 */

export { hasVariations } from './has-variations';

/** More prompts than this from one prompt box is almost surely a typo, and a bill nobody meant. */
export const MAX_VARIATIONS = 100;
/** Deeper nesting is no prompt a person writes; the limit keeps hostile input from costing anything. */
export const MAX_DEPTH = 20;
/** Counts saturate here: a count past it means "far too many", and the arithmetic stays exact below it. */
export const COUNT_CEILING = 1e9;

export type VariationProblem = Extract<Problem, { code: `variations_${string}` }>;
export type Expansion = { prompts: string[] } | { problem: VariationProblem };

interface Group {
  alternatives: Sequence[];
}
/** Literal text and groups in reading order; adjacent text is kept as one string. */
type Sequence = (string | Group)[];

type Parsed = { sequence: Sequence } | { problem: VariationProblem };

const UNBALANCED = { problem: { code: 'variations_unbalanced' } } as const;

function appendText(sequence: Sequence, text: string): void {
  const last = sequence.at(-1);
  if (typeof last === 'string') sequence[sequence.length - 1] = last + text;
  else sequence.push(text);
}

/** One pass over the text with an explicit stack rather than recursion, so no input can overflow it. */
function parse(text: string): Parsed {
  const root: Sequence = [];
  const groups: Group[] = [];
  // The sequence each open group sits in, to carry on there once it closes.
  const enclosing: Sequence[] = [];
  let sequence = root;
  for (let index = 0; index < text.length; index++) {
    const char = text[index] ?? '';
    const next = text[index + 1];
    if (char === '\\') {
      if (isEscapable(next)) {
        appendText(sequence, next ?? '');
        index++;
      } else {
        appendText(sequence, char);
      }
    } else if (char === '{' && next === '{') {
      const end = templateVariableEnd(text, index);
      if (end === undefined) return UNBALANCED;
      appendText(sequence, text.slice(index, end));
      index = end - 1;
    } else if (char === '{') {
      if (groups.length >= MAX_DEPTH) return { problem: { code: 'variations_too_deep', max: MAX_DEPTH } };
      const first: Sequence = [];
      const group = { alternatives: [first] };
      sequence.push(group);
      enclosing.push(sequence);
      groups.push(group);
      sequence = first;
    } else if (char === '}') {
      const outer = enclosing.pop();
      if (outer === undefined) return UNBALANCED;
      groups.pop();
      sequence = outer;
    } else if (char === '|' && groups.length > 0) {
      const alternative: Sequence = [];
      groups.at(-1)?.alternatives.push(alternative);
      sequence = alternative;
    } else {
      appendText(sequence, char);
    }
  }
  return groups.length > 0 ? UNBALANCED : { sequence: root };
}

const saturated = (count: number): number => Math.min(count, COUNT_CEILING);

/** How many prompts a sequence makes, found without making them (nesting is bounded, so recursion is safe). */
function countOf(sequence: Sequence): number {
  let count = 1;
  for (const part of sequence) {
    if (typeof part === 'string') continue;
    const choices = part.alternatives.reduce((sum, alternative) => saturated(sum + countOf(alternative)), 0);
    count = saturated(count * choices);
  }
  return count;
}

/** Every prompt a sequence makes, earlier groups varying slowest, as the person reads them. */
function expand(sequence: Sequence): string[] {
  let prompts = [''];
  for (const part of sequence) {
    const endings = typeof part === 'string' ? [part] : part.alternatives.flatMap(expand);
    prompts = prompts.flatMap((start) => endings.map((ending) => start + ending));
  }
  return prompts;
}

/**
 * An empty alternative leaves the spaces around it side by side, or at an end: runs of spaces become one
 * and lines are trimmed. Line by line with simple patterns, so long runs of spaces cost linear time.
 */
function tidy(prompt: string): string {
  return prompt
    .split('\n')
    .map((line) => line.replace(/[ \t]{2,}/g, ' ').trim())
    .join('\n')
    .trim();
}

/** Each prompt once, in order of first appearance; an empty one cannot be sent, so it is left out. */
function distinctPrompts(sequence: Sequence): string[] {
  return [...new Set(expand(sequence).map(tidy))].filter((prompt) => prompt !== '');
}

const tooMany = (count: number, max: number): Expansion => ({
  problem: { code: 'variations_too_many', count, max },
});

/**
 * The prompts a text makes, or why it makes none. Escapes are resolved and spaces tidied even in a text
 * without groups, so one text always gives the same prompt. `max` applies to the combinations before
 * duplicates are dropped, as that count is known before any prompt is made.
 */
export function expandVariations(text: string, max = MAX_VARIATIONS): Expansion {
  const parsed = parse(text);
  if ('problem' in parsed) return parsed;
  const count = countOf(parsed.sequence);
  return count > max ? tooMany(count, max) : { prompts: distinctPrompts(parsed.sequence) };
}

/** How many combinations a text makes (duplicates included, at most COUNT_CEILING), or why it makes none. */
export function variationCount(text: string): { count: number } | { problem: VariationProblem } {
  const parsed = parse(text);
  return 'problem' in parsed ? parsed : { count: countOf(parsed.sequence) };
}

/**
 * *One per line*: each non-empty line expands on its own, the prompts following in line order, and `max`
 * caps them all together. Duplicates are dropped within a line only: a line typed twice is meant twice.
 */
export function expandLines(text: string, max = MAX_VARIATIONS): Expansion {
  const sequences: Sequence[] = [];
  let total = 0;
  for (const line of batchLines(text)) {
    const parsed = parse(line);
    if ('problem' in parsed) return parsed;
    sequences.push(parsed.sequence);
    total = saturated(total + countOf(parsed.sequence));
  }
  return total > max ? tooMany(total, max) : { prompts: sequences.flatMap(distinctPrompts) };
}
