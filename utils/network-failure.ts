/**
 * Why a request got no answer, as the browser tells its extensions (webRequest.onErrorOccurred): fetch()
 * itself says only "Failed to fetch" (Chromium) or "NetworkError when attempting to fetch resource"
 * (Firefox), the same for a closed port and a certificate no one vouches for.
 */
export interface FailureWatch {
  /** The browser's reason for the failed request, once it has told it (after fetch rejects), or undefined. */
  cause(): Promise<string | undefined>;
  /** Stops watching: called once the request is settled, whatever its outcome. */
  stop(): void;
}

/**
 * Whether the browser's reason is the TLS handshake's: a certificate not trusted, expired or for another
 * name, or a server that does not speak TLS. Chromium names it by code (`net::ERR_CERT_AUTHORITY_INVALID`,
 * `net::ERR_SSL_PROTOCOL_ERROR`). Firefox names network failures by code too (`NS_ERROR_CONNECTION_REFUSED`,
 * `NS_BINDING_ABORTED`) but a TLS one by NSS's sentence, in the browser's language ("Peer’s Certificate has
 * expired."): on https, any reason that is not a code is one.
 */
export function isTlsFailure(cause: string | undefined, url: URL): boolean {
  if (!cause || url.protocol !== 'https:') return false;
  if (cause.startsWith('net::')) return /^net::ERR_(CERT|SSL|BAD_SSL|TLS)/.test(cause);
  return !/^NS_[A-Z_]+$/.test(cause);
}
