import { joinUrl } from '../api/urls';
import type { ErrorInfo } from '../error-info';
import { isLoopbackHost } from '../validation';

/**
 * What Test connection found, as data the page words. Each finding names the address that was tried;
 * none carries the key, which travels only in a header.
 */
export type Diagnosis =
  | { code: 'insecure_http'; url: string }
  | { code: 'unreachable'; url: string; host: string }
  | { code: 'refused'; url: string }
  | { code: 'not_found'; urls: [string, string] }
  | { code: 'unauthorized'; url: string }
  | { code: 'no_credits'; url: string }
  | { code: 'not_interface_json'; url: string }
  | { code: 'other'; info: ErrorInfo };

/** The balance request is the one Test connection makes, in both path forms (spec section 9). */
export const BALANCE_PATHS = ['/v1/tokens/balance', '/api/credits/balance'] as const;

/** Plain http to another machine would carry the key readable; refused before anything is sent. */
export function insecureHttp(baseUrl: string): Diagnosis | undefined {
  const url = new URL(baseUrl.trim());
  return url.protocol === 'http:' && !isLoopbackHost(url.hostname)
    ? { code: 'insecure_http', url: url.href }
    : undefined;
}

// Node's fetch names the cause; browsers only say "Failed to fetch".
const REFUSED = /ECONNREFUSED|ERR_CONNECTION_REFUSED/;
const NO_NAME = /ENOTFOUND|EAI_AGAIN|ERR_NAME_NOT_RESOLVED/;

/**
 * Maps a failed balance request to a finding. Where the browser hides the network cause, a loopback host
 * (which always resolves) means nothing listens on that port; another host may not exist at all.
 */
export function diagnoseFailure(baseUrl: string, info: ErrorInfo): Diagnosis {
  const base = new URL(baseUrl.trim());
  const [v1, api] = BALANCE_PATHS.map((path) => joinUrl(base, path)) as [string, string];
  const tried = info.url ?? v1;
  switch (info.kind) {
    case 'network': {
      const detail = info.detail ?? '';
      const refused = REFUSED.test(detail) || (!NO_NAME.test(detail) && isLoopbackHost(base.hostname));
      return refused ? { code: 'refused', url: tried } : { code: 'unreachable', url: tried, host: base.host };
    }
    case 'http_error':
      return info.status === 404 || info.status === 405
        ? { code: 'not_found', urls: [v1, api] }
        : { code: 'other', info };
    case 'unauthorized':
      return { code: 'unauthorized', url: tried };
    case 'insufficient_credits':
      return { code: 'no_credits', url: tried };
    case 'invalid_response':
      return { code: 'not_interface_json', url: tried };
    default:
      return { code: 'other', info };
  }
}
