import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * An HTTPS server on a loopback port whose certificate no browser trusts: self-signed, made by Debian's
 * openssl for this run (installed by `.ci/run`). What a person meets with a NAS's own certificate. Any
 * request that gets past the handshake is answered 200.
 */
export interface TlsServer {
  origin: string;
  close(): Promise<void>;
}

export async function startSelfSignedServer(): Promise<TlsServer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'promptcast-tls-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  await promisify(execFile)('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1',
    '-keyout',
    key,
    '-out',
    cert,
  ]);
  const server = createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (_, response) =>
    response.end(),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
