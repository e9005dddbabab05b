import { SELECTION_VARIABLE, templateVariables } from '../prompts/template';
import { MAX_PINNED } from './limits';
import type { LibraryPrompt } from './schema';

/** Whether a prompt's text has a place for the selected text, which a pinned prompt needs. */
export const takesSelection = (text: string): boolean =>
  templateVariables(text).some((variable) => variable.name === SELECTION_VARIABLE);

/**
 * The prompts the context menu offers, in the person's order. The library page pins no more than
 * MAX_PINNED, and only prompts that take the selection; an imported file may hold more, or others.
 */
export function menuPrompts(prompts: readonly LibraryPrompt[]): LibraryPrompt[] {
  return prompts.filter((prompt) => prompt.pin && takesSelection(prompt.text)).slice(0, MAX_PINNED);
}
