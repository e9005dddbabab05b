/**
 * Sends a file the way a real host on a real line would: at once, throttled to a rate (a slow line, so a
 * test can stop the extension half way through a 20 MB video), or headers and then nothing (a host that
 * stalls). A client that goes away stops the sending.
 */
import type { ServerResponse } from 'node:http';
import type { Reply } from './http';
import { sendReply } from './http';

export interface Delivery {
  /** Bytes per second; undefined sends the body at once. */
  bytesPerSec?: number;
  /** Send the headers, then never a byte. */
  stall?: boolean;
}

/** Small slices often, so the rate is even and a stop half way leaves a predictable part sent. */
const TICK_MS = 50;

export function sendFile(res: ServerResponse, reply: Reply, headOnly: boolean, delivery: Delivery): void {
  const body = typeof reply.body === 'string' ? Buffer.from(reply.body, 'utf8') : reply.body;
  const { bytesPerSec, stall } = delivery;
  if (headOnly || reply.status >= 300 || (!stall && bytesPerSec === undefined)) {
    sendReply(res, reply, headOnly);
    return;
  }
  if (res.writableEnded || res.destroyed) return;
  res.writeHead(reply.status, { ...reply.headers, 'Content-Length': String(body.length) });
  res.flushHeaders();
  // The socket stays open until the client gives up or the server closes.
  if (stall) return;
  const slice = Math.max(1, Math.round(((bytesPerSec ?? body.length) * TICK_MS) / 1000));
  let sent = 0;
  const timer = setInterval(() => {
    if (res.destroyed) {
      clearInterval(timer);
      return;
    }
    const next = body.subarray(sent, sent + slice);
    sent += next.length;
    if (sent >= body.length) {
      clearInterval(timer);
      res.end(next);
    } else {
      res.write(next);
    }
  }, TICK_MS);
  res.on('close', () => clearInterval(timer));
}
