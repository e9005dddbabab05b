/**
 * Small HTTP helpers. Handlers build a Reply value instead of writing to the response
 * directly, so latency and fault injection can sit between deciding and sending.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface Reply {
  status: number;
  headers: Record<string, string>;
  body: string | Buffer;
}

/** Bodies larger than this are refused; no legitimate request to this service comes close. */
export const MAX_BODY_BYTES = 1024 * 1024;

export class BodyTooLargeError extends Error {}

export function text(status: number, body: string, headers: Record<string, string> = {}): Reply {
  // Caller headers win, compared case-insensitively so a fault rule's 'content-type' replaces ours.
  const hasType = Object.keys(headers).some((name) => name.toLowerCase() === 'content-type');
  return {
    status,
    headers: hasType ? { ...headers } : { 'Content-Type': 'text/plain; charset=utf-8', ...headers },
    body,
  };
}

export function json(status: number, value: unknown): Reply {
  return { status, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(value) };
}

export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new BodyTooLargeError(`Request body exceeds ${MAX_BODY_BYTES} bytes`));
        // Stop buffering but keep the socket readable so the 413 can still be delivered.
        req.removeAllListeners('data');
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export function sendReply(res: ServerResponse, reply: Reply, headOnly = false): void {
  if (res.writableEnded || res.destroyed) return;
  const body = typeof reply.body === 'string' ? Buffer.from(reply.body, 'utf8') : reply.body;
  res.writeHead(reply.status, { ...reply.headers, 'Content-Length': String(body.length) });
  res.end(headOnly ? undefined : body);
}

/** Node already lowercases header names; arrays (repeated headers) are joined as HTTP would. */
export function flattenHeaders(headers: IncomingMessage['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** A listening side server (attacker, media host): its URL, and a close that also drops open sockets. */
export interface SideServer {
  url: string;
  close(): Promise<void>;
}

/** Listens on a free port of `host`, keeping track of sockets so `close` never waits on a kept-alive one. */
export async function listenOnFreePort(
  server: Server,
  host: string,
  name: string,
  scheme: 'http' | 'https' = 'http',
): Promise<SideServer> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => {
      server.off('error', reject);
      const address = server.address();
      if (address === null || typeof address === 'string') reject(new Error(`${name} has no TCP address`));
      else resolve(address.port);
    });
  });
  let closing: Promise<void> | undefined;
  return {
    url: `${scheme}://${host}:${port}`,
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
