/**
 * The service's files on a second origin (127.0.0.2, its own port), as real services hand out results on a
 * CDN or object store: another origin than the API, which the extension's loopback host permissions do not
 * cover, and (see assets.ts) without CORS headers. Results point here when `filesOrigin` is 'media'.
 */
import { createServer, type IncomingMessage } from 'node:http';
import { ATTACKER_HOST } from './attacker';
import { listenOnFreePort, type Reply, sendReply } from './http';

export interface MediaHost {
  url: string;
  close(): Promise<void>;
}

export async function startMediaHost(
  serve: (method: string, path: string, range: string | undefined) => Reply,
  host = ATTACKER_HOST,
): Promise<MediaHost> {
  const server = createServer((req: IncomingMessage, res) => {
    const method = (req.method ?? 'GET').toUpperCase();
    const path = new URL(req.url ?? '/', 'http://placeholder').pathname;
    sendReply(res, serve(method, path, req.headers.range), method === 'HEAD');
  });
  return listenOnFreePort(server, host, 'media host');
}
