import type { Library, LibraryPrompt } from './schema';

/**
 * The library as pages show it, without zod: the background alone writes it and checks every prompt it
 * writes, so a page keeps only entries shaped like prompts (a damaged item shows what is left).
 */
export function shownLibrary(stored: unknown): LibraryPrompt[] {
  const prompts = (stored as Partial<Library> | null | undefined)?.prompts;
  if (!Array.isArray(prompts)) return [];
  return prompts.filter(
    (prompt: Partial<LibraryPrompt> | null): prompt is LibraryPrompt =>
      typeof prompt?.id === 'string' &&
      typeof prompt.name === 'string' &&
      typeof prompt.text === 'string' &&
      Array.isArray(prompt.tags),
  );
}

/** Whether every word of the query is in the prompt's name, a tag or its text (case ignored). */
export function matchesPrompt(prompt: LibraryPrompt, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = `${prompt.name}\n${prompt.tags.join('\n')}\n${prompt.text}`.toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/** Tags as typed in one field, comma-separated: trimmed, empty ones and repeats left out. */
export function tagsOf(typed: string): string[] {
  return [
    ...new Set(
      typed
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ];
}
