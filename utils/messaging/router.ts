import { AppError, toErrorInfo } from '../error-info';
import { parseRequest, type RequestOf, type RequestType, type Response, type ResponseData } from './protocol';

export type Handlers = { [T in RequestType]: (request: RequestOf<T>) => Promise<ResponseData[T]> };

export interface MessageSender {
  id?: string;
  url?: string;
  origin?: string;
}

export interface ExtensionIdentity {
  id: string;
  /** e.g. chrome-extension://abc/ */
  baseUrl: string;
}

/**
 * Only this extension's own pages may talk to the background. Content scripts (we have none) and web
 * pages carry a page URL, and other extensions another id, so both are turned away.
 */
export function isTrustedSender(sender: MessageSender, self: ExtensionIdentity): boolean {
  if (sender.id !== self.id) return false;
  const pageUrl = sender.url ?? sender.origin;
  return typeof pageUrl === 'string' && pageUrl.startsWith(self.baseUrl);
}

/** Validates sender and payload, runs the matching handler, and turns every outcome into a response. */
export function createRouter(handlers: Handlers, self: ExtensionIdentity) {
  return async (message: unknown, sender: MessageSender): Promise<Response<RequestType>> => {
    if (!isTrustedSender(sender, self)) {
      return {
        ok: false,
        error: new AppError('forbidden_sender').info,
      };
    }
    const parsed = parseRequest(message);
    if (!parsed?.success) {
      // A type no request has fails on the type itself.
      const issue = parsed ? parsed.error.issues[0] : { path: ['type'], message: 'Invalid input' };
      const where = issue?.path.length ? ` (${issue.path.join('.')})` : '';
      return {
        ok: false,
        error: {
          kind: 'invalid_request',
          message: `Invalid request${where}: ${issue?.message ?? 'unknown shape'}`,
        },
      };
    }
    try {
      return { ok: true, data: await dispatch(handlers, parsed.data) };
    } catch (error) {
      return { ok: false, error: toErrorInfo(error) };
    }
  };
}

function dispatch<T extends RequestType>(
  handlers: Handlers,
  request: RequestOf<T>,
): Promise<ResponseData[T]> {
  const handler = handlers[request.type] as (request: RequestOf<T>) => Promise<ResponseData[T]>;
  return handler(request);
}
