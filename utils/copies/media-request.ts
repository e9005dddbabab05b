import { AppError } from '../error-info';
import { parseHttpUrl } from '../http-url';
import { validSettingsItem } from '../settings/store';

/**
 * The one request for a result file a copy is kept from. Media hosts are not the service: the request carries
 * no key, no cookies and no referrer, only the URL the service named. What comes back is stored and later
 * shown from the extension's own origin, so the answer must come from where the URL pointed:
 *
 * - A redirect counts only within the same origin (never to another host, port or scheme, so never from https
 *   to http): signed-URL stores redirect within their own host.
 * - Loopback and private addresses are fetched only when the service itself is on one (a local setup);
 *   otherwise a public host could send the extension, which may read 127.0.0.1, to a local server and have
 *   its answer kept as the result.
 *
 * Browser limit: an extension's fetch with `redirect: 'manual'` gets an opaque redirect whose Location is
 * hidden, so there is no way to see a redirect's target before it is followed. The browser follows them (its
 * own limit is 20) and the URL they ended at is checked before a byte of the body is read: a refused answer is
 * cancelled unread and nothing is stored, though the request in between did go out. A public name that
 * resolves to a private address (DNS rebinding) cannot be seen from an extension either.
 */

const REQUEST: RequestInit = { credentials: 'omit', referrerPolicy: 'no-referrer', cache: 'no-store' };

/** Why a file was not fetched; worded for people in utils/i18n.ts. */
export type MediaRefusal = 'private_address' | 'redirect_elsewhere';

function refuse(reason: MediaRefusal, url: URL): AppError {
  return new AppError('unsafe_media', {
    detail: reason,
    url: url.href.slice(0, 200),
  });
}

function ipv4Private([a = 0, b = 0]: readonly number[]): boolean {
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168)
  );
}

/** The eight 16-bit groups of a bracketed IPv6 host as the URL parser writes it (hex, `::` at most once). */
function ipv6Groups(host: string): number[] {
  const [head = '', tail] = host.slice(1, -1).split('::');
  const groups = (part: string) => (part ? part.split(':').map((group) => Number.parseInt(group, 16)) : []);
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}

function ipv6Private(host: string): boolean {
  const g = ipv6Groups(host);
  const zero = (from: number, to: number) => g.slice(from, to).every((group) => group === 0);
  const carried = [(g[6] ?? 0) >> 8, (g[6] ?? 0) & 0xff];
  // ::ffff:a.b.c.d (IPv4-mapped) and 64:ff9b::a.b.c.d (NAT64) reach the IPv4 address they carry.
  if (zero(0, 5) && g[5] === 0xffff) return ipv4Private(carried);
  if (g[0] === 0x64 && g[1] === 0xff9b && zero(2, 6)) return ipv4Private(carried);
  const first = g[0] ?? 0;
  // ::/96 holds the unspecified and loopback addresses and the deprecated IPv4-compatible ones.
  return zero(0, 6) || (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80;
}

/**
 * Whether a URL names this machine or a private network: localhost names, loopback, private, link-local and
 * unspecified addresses, IPv4-mapped IPv6. The URL parser has already turned odd IPv4 forms (`0x7f.1`,
 * `2130706433`) into dotted decimal and IPv6 into its short hex form, so only those forms need reading.
 */
export function isPrivateUrl(url: URL): boolean {
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host.startsWith('[')) return ipv6Private(host);
  const octets = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(host);
  return octets ? ipv4Private(octets.slice(1).map(Number)) : false;
}

/** Whether a redirect from `from` to `to` may be followed: same origin only (scheme, host and port). */
export function redirectAllowed(from: URL, to: URL): boolean {
  return from.origin === to.origin;
}

async function privateAllowed(): Promise<boolean> {
  const service = parseHttpUrl((await validSettingsItem.getValue()).baseUrl);
  return service !== undefined && isPrivateUrl(service);
}

function checkTarget(url: URL, allowPrivate: boolean): void {
  if (!allowPrivate && isPrivateUrl(url)) throw refuse('private_address', url);
}

/** What a caller adds to each request: a Range to continue a file, a signal to give up on a stalled one. */
export type MediaRequestExtras = Pick<RequestInit, 'headers' | 'signal'>;

async function send(url: URL, fetcher: typeof fetch, extras: MediaRequestExtras): Promise<Response> {
  try {
    return await fetcher(url.href, { ...REQUEST, ...extras, redirect: 'follow' });
  } catch (error) {
    // A time-out of the caller's is its own outcome, not the host's fault.
    if (extras.signal?.aborted) throw extras.signal.reason;
    throw new AppError('network', {
      detail: String(error).slice(0, 200),
    });
  }
}

/** The media host's answer for `url`, once every rule above holds; throws `unsafe_media` or `network`. */
export async function requestMedia(
  url: URL,
  fetcher: typeof fetch = fetch,
  extras: MediaRequestExtras = {},
): Promise<Response> {
  const allowPrivate = await privateAllowed();
  checkTarget(url, allowPrivate);
  const response = await send(url, fetcher, extras);
  const final = parseHttpUrl(response.url) ?? url;
  try {
    if (!redirectAllowed(url, final)) throw refuse('redirect_elsewhere', final);
    checkTarget(final, allowPrivate);
  } catch (error) {
    await response.body?.cancel().catch(() => undefined);
    throw error;
  }
  return response;
}
