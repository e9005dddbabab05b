import { browser } from 'wxt/browser';
import type { FailureWatch } from '../network-failure';

/** How long a failed request's reason may take to arrive after fetch rejects: Firefox's took up to 0.2 s. */
const CAUSE_WAIT_MS = 1000;

type ErrorDetails = { url: string; error: string };
type ErrorEvent = {
  addListener(listener: (details: ErrorDetails) => void, filter: { urls: string[]; tabId?: number }): void;
  removeListener(listener: (details: ErrorDetails) => void): void;
};

const NO_WATCH: FailureWatch = { cause: async () => undefined, stop: () => undefined };

/**
 * Watches the browser's reason should this request fail: only this URL, only the extension's own requests
 * (tab -1), and only while it is under way, so no page the person browses is ever watched and no event wakes
 * the worker later. The browser reports only hosts the extension has access to, which a request's own host
 * is. Without webRequest (a policy may withhold it), a failure stays one with no reason.
 */
export function watchFailure(url: URL): FailureWatch {
  const events = (browser as unknown as { webRequest?: { onErrorOccurred?: ErrorEvent } }).webRequest
    ?.onErrorOccurred;
  if (!events) return NO_WATCH;
  let seen: string | undefined;
  let arrived: (() => void) | undefined;
  const listener = (details: ErrorDetails) => {
    if (details.url !== url.href) return;
    seen = details.error;
    arrived?.();
  };
  // Without a port: Firefox matches no event to a pattern with one.
  events.addListener(listener, { urls: [`${url.protocol}//${url.hostname}/*`], tabId: -1 });
  return {
    cause: () =>
      seen !== undefined
        ? Promise.resolve(seen)
        : new Promise((resolve) => {
            const timer = setTimeout(() => resolve(seen), CAUSE_WAIT_MS);
            arrived = () => {
              clearTimeout(timer);
              resolve(seen);
            };
          }),
    stop: () => events.removeListener(listener),
  };
}
