import { browser } from 'wxt/browser';
import { AppError } from '../error-info';
import type { RequestOf, RequestType, Response, ResponseData } from './protocol';

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
    if (!interrupted)
      throw new AppError('unexpected', `The extension’s background did not answer: ${reason}`);
    wakeBackground();
    throw new AppError('interrupted', `The extension was stopped before it could answer (${reason}).`);
  }
  if (!response || typeof response !== 'object' || !('ok' in response)) {
    throw new AppError('unexpected', 'The extension’s background gave no answer.');
  }
  if (!response.ok) throw AppError.from(response.error);
  return response.data;
}

/**
 * Starts a fresh worker after the last one was stopped mid-request. Its start settles what the stopped one
 * left (a request whose answer was lost ends with its reason), so the page's rows agree with the error it
 * shows at once instead of saying "Running" until the alarm set past the request's time-out wakes one.
 */
function wakeBackground(): void {
  const ping: RequestOf<'ping'> = { type: 'ping' };
  browser.runtime.sendMessage(ping).catch(() => {
    // Nothing to tell: the alarm set for the request still settles it.
  });
}
