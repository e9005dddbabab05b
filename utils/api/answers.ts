import type * as z from 'zod/mini';
import { AppError } from '../error-info';
import { parseHttpUrl } from '../http-url';
import { collapseWhitespace, truncate } from '../text';
import { type KeyRedactor, redactJson } from './redact';

export function validateInput<S extends z.ZodMiniType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const messages = [...new Set(result.error.issues.map((issue) => issue.message))];
  throw new AppError('invalid_input', messages.join('. '));
}

// Fields that name a job or a file: redacting the key inside them would name something else.
const IDENTIFIER_FIELDS: ReadonlySet<string> = new Set(['id', 'url', 'videoUrls']);

/**
 * Validates a response body, naming the first offending field so a wrong base URL is easy to spot.
 * Every answer passes here first, so this is where text quoting the key is redacted, before any of it
 * can become a status, a reason or a detail.
 */
export function parseShape<S extends z.ZodMiniType>(
  schema: S,
  value: unknown,
  what: string,
  redactor: KeyRedactor,
): z.output<S> {
  const { value: clean, keyIn } = redactJson(value, redactor, IDENTIFIER_FIELDS);
  const [keyField] = keyIn;
  if (keyField !== undefined) {
    throw new AppError('invalid_response', { detail: `"${keyField}" contains the API key` });
  }
  const result = schema.safeParse(clean);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.map(String).join('.') ?? '';
  // Which answer it was tells a wrong base URL apart from a service that changed its shape.
  if (field === '')
    throw new AppError('invalid_response', { detail: `The answer to the ${what} is not a JSON object.` });
  const problem = issue?.message ?? 'invalid';
  throw new AppError('invalid_response', { detail: `"${field}": ${problem}` });
}

/** The detail of a result URL that is not an http(s) address: the person sees which value was refused. */
export const notHttpUrl = (kind: 'image' | 'video', value: string) =>
  `Not an http(s) ${kind} URL: ${truncate(collapseWhitespace(value), 120)}`;

export function resultUrl(raw: string): string {
  if (raw.trim() === '') {
    throw new AppError('no_result');
  }
  const url = parseHttpUrl(raw);
  if (url === undefined) {
    throw new AppError('invalid_response', { detail: notHttpUrl('image', raw) });
  }
  return url.href;
}
