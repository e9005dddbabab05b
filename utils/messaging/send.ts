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
    const reason = error instanceof Error ? error.message : String(error);
    // Chrome closes the channel when the worker is stopped mid-request; the work was interrupted, which
    // the person can act on, unlike a raw browser message.
    const interrupted = /message (channel|port) closed|receiving end does not exist/i.test(reason);
    throw new BackgroundError(
      interrupted
        ? { kind: 'interrupted', message: `The extension was stopped before it could answer (${reason}).` }
        : { kind: 'unexpected', message: `The extension’s background did not answer: ${reason}` },
    );
  }
  if (!response || typeof response !== 'object' || !('ok' in response)) {
    throw new BackgroundError({ kind: 'unexpected', message: 'The extension’s background gave no answer.' });
  }
  if (!response.ok) throw new BackgroundError(response.error);
  return response.data;
}
