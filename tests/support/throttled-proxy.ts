import { createConnection, createServer, type Socket } from 'node:net';

/**
 * A TCP proxy on a loopback port in front of a real server, whose upload direction (client to server) runs
 * at `bytesPerSec`: a slow line as a backup's uploads meet it, so a test can stop the worker mid-upload.
 * Answers come back at full speed.
 */
export interface ThrottledProxy {
  port: number;
  /** Bytes that went through towards the server so far. */
  readonly uploaded: number;
  close(): Promise<void>;
}

export function startThrottledProxy(targetPort: number, bytesPerSec: number): Promise<ThrottledProxy> {
  const sockets = new Set<Socket>();
  let uploaded = 0;
  /** The time the next byte may go at, shared by every connection: one line. */
  let lineFreeAt = Date.now();
  const server = createServer((client) => {
    const upstream = createConnection({ host: '127.0.0.1', port: targetPort });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    upstream.pipe(client);
    client.on('data', (chunk: Buffer) => {
      client.pause();
      const start = Math.max(Date.now(), lineFreeAt);
      lineFreeAt = start + (chunk.length / bytesPerSec) * 1000;
      setTimeout(() => {
        uploaded += chunk.length;
        upstream.write(chunk, () => client.resume());
      }, lineFreeAt - Date.now());
    });
    client.on('end', () => upstream.end());
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({
        port: typeof address === 'object' && address ? address.port : 0,
        get uploaded() {
          return uploaded;
        },
        close: () =>
          new Promise((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
