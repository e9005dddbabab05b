/**
 * The service's files on a second origin (127.0.0.2, its own port), as real services hand out results on a
 * CDN or object store: another origin than the API, which the extension's loopback host permissions do not
 * cover, and (see assets.ts) without CORS headers. Results point here when `filesOrigin` is 'media'.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import { ATTACKER_HOST } from './attacker';
import { listenOnFreePort } from './http';

export interface MediaHost {
  url: string;
  close(): Promise<void>;
}

/** A certificate and its key (PEM), for a media host on https; browsers under test accept it as insecure. */
export interface MediaTls {
  key: string;
  cert: string;
}

export async function startMediaHost(
  serve: (method: string, path: string, range: string | undefined, res: ServerResponse) => Promise<void>,
  host = ATTACKER_HOST,
  tls?: MediaTls,
): Promise<MediaHost> {
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const method = (req.method ?? 'GET').toUpperCase();
    const path = new URL(req.url ?? '/', 'http://placeholder').pathname;
    serve(method, path, req.headers.range, res).catch((error: unknown) => {
      // A bug in the reference service must surface as a visible 500, not a hung test.
      res.writeHead(500, { 'Content-Type': 'text/plain' }).end(`Reference service error: ${String(error)}`);
    });
  };
  return tls
    ? listenOnFreePort(createTlsServer(tls, handle), host, 'media host', 'https')
    : listenOnFreePort(createServer(handle), host, 'media host');
}
