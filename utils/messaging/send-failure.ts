import { browser } from 'wxt/browser';
import { AppError } from '../error-info';
import type { RequestOf } from './protocol';

/**
 * Why a request to the background failed, as the AppError send() throws. Fetched with the first failure:
 * most pages never see one, and it costs the popup's open nothing.
 */
export function sendFailure(response: unknown, thrown?: { error: unknown }): AppError {
  if (thrown) {
    const { error } = thrown;
    const reason = error instanceof Error ? error.message : String(error);
    // Chrome closes the channel when the worker is stopped mid-request; the work was interrupted, which
    // the person can act on, unlike a raw browser message.
    const interrupted = /message (channel|port) closed|receiving end does not exist/i.test(reason);
    if (!interrupted)
      return new AppError('unexpected', `The extension’s background did not answer: ${reason}`);
    wakeBackground();
    return new AppError('interrupted', `The extension was stopped before it could answer (${reason}).`);
  }
  if (!response || typeof response !== 'object' || !('ok' in response) || !('error' in response)) {
    return new AppError('unexpected', 'The extension’s background gave no answer.');
  }
  return AppError.from(response.error as AppError['info']);
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
