/**
 * The service's files on a second origin (127.0.0.2, its own port), as real services hand out results on a
 * CDN or object store: another origin than the API, which the extension's loopback host permissions do not
 * cover, and (see assets.ts) without CORS headers. Results point here when `filesOrigin` is 'media'.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { ATTACKER_HOST } from './attacker';
import type { Reply } from './http';
import { sendReply } from './http';

export interface MediaHost {
  url: string;
  close(): Promise<void>;
}

export async function startMediaHost(
  serve: (method: string, path: string, range: string | undefined) => Reply,
  host = ATTACKER_HOST,
): Promise<MediaHost> {
  const sockets = new Set<Socket>();
  const server = createServer((req: IncomingMessage, res) => {
    const method = (req.method ?? 'GET').toUpperCase();
    const path = new URL(req.url ?? '/', 'http://placeholder').pathname;
    sendReply(res, serve(method, path, req.headers.range), method === 'HEAD');
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => {
      server.off('error', reject);
      const address = server.address();
      if (address === null || typeof address === 'string') reject(new Error('media host has no TCP address'));
      else resolve(address.port);
    });
  });
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${port}`,
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
