import { AppError } from '../error-info';
import { type LibraryPrompt, libraryFileSchema } from './schema';

/**
 * The prompts of a chosen library file, checked by the page that read it, as history files are: anything
 * malformed (or over the cap) refuses the whole file, naming the first problem, before the background is
 * sent anything. `at` is where the library sits in a larger file (a history file's `library`), so the problem
 * is named by its path in the file the person chose. Loaded on demand: it carries the file's schema.
 */
export function promptsOfLibraryFile(file: unknown, at: readonly string[] = []): LibraryPrompt[] {
  const parsed = libraryFileSchema.safeParse(file);
  if (parsed.success) return parsed.data.prompts;
  const { path, message } = parsed.error.issues[0] ?? { path: [], message: 'unreadable' };
  const where = [...at, ...path].join('.');
  const reason = `${where ? `${where}: ` : ''}${message}`;
  throw new AppError('invalid_input', `Not a Promptcast library file (${reason}).`, { detail: reason });
}
