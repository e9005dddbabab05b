/**
 * A listener on another loopback address (127.0.0.2), a different origin that the extension's host
 * permissions do not cover: it stands for a foreign host a hostile or broken service redirects to.
 * It behaves as an attacker would: it logs every request with its headers, allows any CORS preflight
 * (so a browser would send a key header if asked to) and answers with plausible JSON.
 */
import { createServer } from 'node:http';
import { flattenHeaders, json, listenOnFreePort, readBody, sendReply } from './http';

export interface AttackerLogEntry {
  time: number;
  method: string;
  path: string;
  headers: Record<string, string>;
}

export interface AttackerListener {
  url: string;
  requests(): AttackerLogEntry[];
  clear(): void;
  close(): Promise<void>;
}

export const ATTACKER_HOST = '127.0.0.2';

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': '*, X-API-Key, Content-Type',
  'Access-Control-Max-Age': '600',
};

/** Whatever was asked for, an answer good enough that a client would keep talking. */
function plausibleAnswer(baseUrl: string): Record<string, unknown> {
  return {
    tokensBalance: 1_000_000,
    url: `${baseUrl}/files/images/harvested.png`,
    id: 'vid_harvested',
    status: 'queued',
  };
}

export async function startAttackerListener(host = ATTACKER_HOST): Promise<AttackerListener> {
  let log: AttackerLogEntry[] = [];
  let url = '';
  const server = createServer((req, res) => {
    const entry: AttackerLogEntry = {
      time: Date.now(),
      method: (req.method ?? 'GET').toUpperCase(),
      path: new URL(req.url ?? '/', 'http://placeholder').pathname,
      headers: flattenHeaders(req.headers),
    };
    log.push(entry);
    readBody(req).then(
      () => {
        const reply =
          entry.method === 'OPTIONS'
            ? { status: 204, headers: {}, body: '' }
            : json(200, plausibleAnswer(url));
        sendReply(res, { ...reply, headers: { ...reply.headers, ...CORS_HEADERS } });
      },
      () => res.destroy(),
    );
  });
  const side = await listenOnFreePort(server, host, 'attacker');
  url = side.url;
  return {
    url,
    requests: () => log.map((item) => ({ ...item, headers: { ...item.headers } })),
    clear: () => {
      log = [];
    },
    close: side.close,
  };
}
