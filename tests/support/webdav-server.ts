import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A real WebDAV server for the backup tests: Debian's Apache with mod_dav (installed by `.ci/run`), on a
 * loopback port, serving a fresh folder with Basic authentication. `/dav/` is the place backups go;
 * `/readonly/` lets a login list and read but not write (403 on PUT); `/moved/` redirects elsewhere.
 */
export interface WebdavServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** Where `/dav/` lives on disk, to look at what the server holds. */
  root: string;
  close(): Promise<void>;
}

const APACHE = process.env.APACHE_PATH ?? '/usr/sbin/apache2';
const MODULES = '/usr/lib/apache2/modules';

export const WEBDAV_USER = 'alice';
export const WEBDAV_PASSWORD = 'correct horse';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

export async function startWebdavServer(): Promise<WebdavServer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'promptcast-webdav-'));
  const root = path.join(dir, 'dav');
  for (const folder of [root, path.join(dir, 'readonly')]) mkdirSync(folder);
  // Apache's children run as nobody: the folders they write must let them.
  for (const folder of [dir, root]) chmodSync(folder, 0o777);
  const sha = createHash('sha1').update(WEBDAV_PASSWORD).digest('base64');
  writeFileSync(path.join(dir, 'htpasswd'), `${WEBDAV_USER}:{SHA}${sha}\n`);
  const port = await freePort();
  const modules = [
    'mpm_event',
    'authz_core',
    'authn_core',
    'authn_file',
    'auth_basic',
    'authz_user',
    'alias',
    'dav',
    'dav_fs',
  ].map((name) => `LoadModule ${name}_module ${MODULES}/mod_${name}.so`);
  const auth = `AuthType Basic\n  AuthName backup\n  AuthUserFile ${dir}/htpasswd\n  Require valid-user`;
  writeFileSync(
    path.join(dir, 'httpd.conf'),
    [
      `ServerRoot "${dir}"`,
      'ServerName 127.0.0.1',
      `Listen 127.0.0.1:${port}`,
      `PidFile ${dir}/httpd.pid`,
      `ErrorLog ${dir}/error.log`,
      ...modules,
      'User nobody',
      'Group nogroup',
      `DAVLockDB ${dir}/DAVLock`,
      `DocumentRoot ${dir}`,
      `Redirect 302 /moved/ http://127.0.0.1:${port}/dav/`,
      `<Directory ${root}>\n  Dav On\n  ${auth}\n</Directory>`,
      `<Directory ${dir}/readonly>\n  Dav On\n  AuthType Basic\n  AuthName backup\n  AuthUserFile ${dir}/htpasswd\n  <Limit GET HEAD PROPFIND OPTIONS>\n    Require valid-user\n  </Limit>\n  <LimitExcept GET HEAD PROPFIND OPTIONS>\n    Require all denied\n  </LimitExcept>\n</Directory>`,
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(APACHE, ['-f', path.join(dir, 'httpd.conf'), '-DFOREGROUND'], {
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let attempt = 0; !(await accepts(port)); attempt++) {
    if (attempt > 100 || child.exitCode !== null)
      throw new Error(`Apache did not start (see ${dir}/error.log); is Debian's apache2 installed?`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    origin: `http://127.0.0.1:${port}`,
    root,
    async close() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
