import { browser } from 'wxt/browser';
import { AppError } from '../error-info';
import type { RequestOf, RequestType, Response, ResponseData } from './protocol';

/**
 * Transitional alias for utils/ui/hooks.ts, which is being rewritten on another branch: remove it when
 * that file imports AppError and toErrorInfo from utils/error-info.ts.
 */

/** Sends one request to the background and resolves with its data, or rejects with an AppError. */
export async function send<T extends RequestType>(request: RequestOf<T>): Promise<ResponseData[T]> {
  let response: Response<T> | undefined;
  try {
    response = (await browser.runtime.sendMessage(request)) as Response<T> | undefined;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    // Chrome closes the channel when the worker is stopped mid-request; the work was interrupted, which
    // the person can act on, unlike a raw browser message.
    const interrupted = /message (channel|port) closed|receiving end does not exist/i.test(reason);
    throw interrupted
      ? new AppError('interrupted', `The extension was stopped before it could answer (${reason}).`)
      : new AppError('unexpected', `The extension’s background did not answer: ${reason}`);
  }
  if (!response || typeof response !== 'object' || !('ok' in response)) {
    throw new AppError('unexpected', 'The extension’s background gave no answer.');
  }
  if (!response.ok) throw AppError.from(response.error);
  return response.data;
}
