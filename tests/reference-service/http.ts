/**
 * Small HTTP helpers. Handlers build a Reply value instead of writing to the response
 * directly, so latency and fault injection can sit between deciding and sending.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

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
