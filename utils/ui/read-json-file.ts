import { AppError } from '../error-info';
import { t, uiLanguage } from '../i18n';
import { formatBytes } from './format-bytes';

/**
 * Past this a file is refused unread: reading more would only stall the page. An export of 50,000 history
 * entries (the most a file holds) is about 20 MB with prompts of a few hundred characters.
 */
const MAX_FILE_BYTES = 64 * 1024 * 1024;

/** Throws `invalid_input`, naming the file's size, for a file too big to read. */
export function refuseTooLarge(file: File): void {
  if (file.size <= MAX_FILE_BYTES) return;
  const language = uiLanguage();
  const reason = t('fileTooLarge', [formatBytes(file.size, language), formatBytes(MAX_FILE_BYTES, language)]);
  throw new AppError('invalid_input', `The file is too large (${file.size} bytes).`, { detail: reason });
}

/**
 * A chosen file's JSON, or undefined when it is not JSON at all; a file too big to read is refused as
 * `invalid_input`, its size named.
 */
export async function readJsonFile(file: File): Promise<{ json: unknown } | undefined> {
  refuseTooLarge(file);
  try {
    return { json: JSON.parse(await file.text()) };
  } catch {
    return undefined;
  }
}
