import { AppError } from '../error-info';
import { type LibraryPrompt, libraryFileSchema } from './schema';

/**
 * The prompts of a chosen library file, checked by the page that read it, as history files are: anything
 * malformed (or over the cap) refuses the whole file, naming the first problem, before the background is
 * sent anything. Loaded on demand: it carries the file's schema.
 */
export function promptsOfLibraryFile(file: unknown): LibraryPrompt[] {
  const parsed = libraryFileSchema.safeParse(file);
  if (parsed.success) return parsed.data.prompts;
  const { path, message } = parsed.error.issues[0] ?? { path: [], message: '' };
  const reason = `${path.join('.')}: ${message}`;
  throw new AppError('invalid_input', `Not a Promptcast library file (${reason}).`, { detail: reason });
}
