import { MAX_LIBRARY } from './limits';
import { type Library, type LibraryPrompt, libraryPromptSchema } from './schema';

/**
 * The stored library as far as it is valid: each prompt that checks out, once per id, in the stored order.
 * A damaged prompt is dropped rather than the whole library.
 */
export function repairLibrary(stored: unknown): Library {
  const source = typeof stored === 'object' && stored !== null ? (stored as { prompts?: unknown }) : {};
  const prompts: LibraryPrompt[] = [];
  const ids = new Set<string>();
  for (const candidate of Array.isArray(source.prompts) ? source.prompts : []) {
    const parsed = libraryPromptSchema.safeParse(candidate);
    if (!parsed.success || ids.has(parsed.data.id)) continue;
    ids.add(parsed.data.id);
    prompts.push(parsed.data);
  }
  return { v: 1, prompts: prompts.slice(0, MAX_LIBRARY) };
}
