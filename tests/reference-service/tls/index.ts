import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { MediaTls } from '../media-host';

/**
 * A self-signed certificate for the loopback media host (127.0.0.2, 127.0.0.1, localhost; valid until 2036),
 * for tests of an https media host: one the extension may ask access for, as a real CDN is. Test use only:
 * the browser under test is told to accept it as insecure.
 */
export function testMediaTls(): MediaTls {
  const read = (name: string) => readFileSync(path.join(import.meta.dirname, name), 'utf8');
  return { key: read('media-host.key.pem'), cert: read('media-host.cert.pem') };
}
