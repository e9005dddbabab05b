import { browser } from 'wxt/browser';
import type { ErrorInfo } from '../errors';
import type { RequestOf, RequestType, Response, ResponseData } from './protocol';

/** A failure reported by the background, carrying its kind so the UI can word it. */
export class BackgroundError extends Error {
  constructor(readonly info: ErrorInfo) {
    super(info.message);
    this.name = 'BackgroundError';
  }
}

/** Sends one request to the background and resolves with its data, or rejects with a BackgroundError. */
export async function send<T extends RequestType>(request: RequestOf<T>): Promise<ResponseData[T]> {
  let response: Response<T> | undefined;
  try {
    response = (await browser.runtime.sendMessage(request)) as Response<T> | undefined;
  } catch (error) {
    throw new BackgroundError({
      kind: 'unexpected',
      message: `The extension’s background did not answer: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
  if (!response || typeof response !== 'object' || !('ok' in response)) {
    throw new BackgroundError({ kind: 'unexpected', message: 'The extension’s background gave no answer.' });
  }
  if (!response.ok) throw new BackgroundError(response.error);
  return response.data;
}
