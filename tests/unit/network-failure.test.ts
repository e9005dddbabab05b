// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isTlsFailure } from '../../utils/network-failure';

const https = new URL('https://cloud.example/dav/');

/** What the browsers reported for the extension's own failed fetch (Chromium 156, Firefox ESR 153). */
describe('telling a certificate apart from a dead address, by the browser’s reason', () => {
  it('takes Chromium’s certificate and TLS codes as TLS, and its other codes as not', () => {
    for (const cause of [
      'net::ERR_CERT_AUTHORITY_INVALID',
      'net::ERR_CERT_DATE_INVALID',
      'net::ERR_CERT_COMMON_NAME_INVALID',
      'net::ERR_SSL_PROTOCOL_ERROR',
    ])
      expect(isTlsFailure(cause, https), cause).toBe(true);
    for (const cause of ['net::ERR_CONNECTION_REFUSED', 'net::ERR_NAME_NOT_RESOLVED', 'net::ERR_TIMED_OUT'])
      expect(isTlsFailure(cause, https), cause).toBe(false);
  });

  it('takes Firefox’s sentences as TLS, in any language, and its codes as not', () => {
    for (const cause of [
      'The certificate is not trusted because it is self-signed.',
      'Peer’s Certificate issuer is not recognized.',
      'Peer’s Certificate has expired.',
      'Unable to communicate securely with peer: requested domain name does not match the server’s certificate.',
      'Das Zertifikat des Servers ist abgelaufen.',
    ])
      expect(isTlsFailure(cause, https), cause).toBe(true);
    for (const cause of ['NS_ERROR_CONNECTION_REFUSED', 'NS_ERROR_UNKNOWN_HOST', 'NS_BINDING_ABORTED'])
      expect(isTlsFailure(cause, https), cause).toBe(false);
  });

  it('never calls a plain-http failure, or one with no reason, TLS', () => {
    expect(isTlsFailure('Peer’s Certificate has expired.', new URL('http://127.0.0.1:8080/'))).toBe(false);
    expect(isTlsFailure(undefined, https)).toBe(false);
    expect(isTlsFailure('', https)).toBe(false);
  });
});
