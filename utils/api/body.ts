import { AppError } from '../error-info';
import { collapseWhitespace, truncate } from '../text';
import type { KeyRedactor } from './redact';
import { looksLikeHtml, summariseBody } from './text';

/** Successful answers larger than this are refused: none of the documented responses comes close. */
export const MAX_RESPONSE_BYTES = 1024 * 1024;

export async function parseSuccessBody(response: Response, redactor: KeyRedactor): Promise<unknown> {
  const declared = Number(response.headers.get('content-length'));
  const { text, overLimit } =
    declared > MAX_RESPONSE_BYTES
      ? { text: '', overLimit: true }
      : await readText(response, MAX_RESPONSE_BYTES);
  if (overLimit) {
    if (declared > MAX_RESPONSE_BYTES) void response.body?.cancel().catch(() => undefined);
    throw new AppError('invalid_response', {
      status: response.status,
      detail: `The answer is larger than ${MAX_RESPONSE_BYTES / (1024 * 1024)} MB.`,
    });
  }
  const contentType = response.headers.get('content-type');
  if (text.trim() === '') {
    throw new AppError('invalid_response', { status: response.status, detail: 'The answer is empty.' });
  }
  if (looksLikeHtml(text, contentType)) {
    throw new AppError('invalid_response', {
      status: response.status,
      // A website rather than the API, most often: the service URL is the thing to check.
      detail: `A web page, not JSON: ${summariseBody(redactor.redact(text), contentType, redactor.redact) ?? ''}`,
    });
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('invalid_response', {
      status: response.status,
      detail: truncate(redactor.redact(collapseWhitespace(redactor.redact(text)))),
    });
  }
}

/** Reads at most `limit` bytes of the body as UTF-8; `overLimit` says whether there was more. */
export async function readText(
  response: Response,
  limit: number,
): Promise<{ text: string; overLimit: boolean }> {
  if (response.body === null) return { text: '', overLimit: false };
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const room = limit - size;
    size += value.byteLength;
    if (value.byteLength > room) {
      text += decoder.decode(value.subarray(0, room));
      // Not awaited: a misbehaving server must not be able to stall us while we give up on it.
      void reader.cancel().catch(() => undefined);
      return { text, overLimit: true };
    }
    text += decoder.decode(value, { stream: true });
  }
  return { text: text + decoder.decode(), overLimit: false };
}
