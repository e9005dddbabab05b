import { chmodSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { webdavTarget } from '../../../utils/backup/webdav-target';
import {
  startWebdavServer,
  WEBDAV_PASSWORD,
  WEBDAV_USER,
  type WebdavServer,
} from '../../support/webdav-server';

/**
 * One WebDAV server (Debian's Apache with mod_dav) for the whole test file. The returned handle forwards to
 * the running server; `folder` makes a fresh folder on it, and the target that writes there.
 */
export function webdavServerForFile() {
  let current: WebdavServer | undefined;
  beforeAll(async () => {
    current = await startWebdavServer();
  });
  afterAll(() => current?.close());
  const server = (): WebdavServer => {
    if (!current) throw new Error('The WebDAV server starts in beforeAll; use it inside tests.');
    return current;
  };
  return {
    get origin() {
      return server().origin;
    },
    get root() {
      return server().root;
    },
    /** A new folder `/dav/<name>/`, where the server's children may write, and a target for it. */
    folder(name: string, timeoutMs = 10_000) {
      const dir = path.join(server().root, name);
      mkdirSync(dir);
      chmodSync(dir, 0o777);
      const url = `${server().origin}/dav/${name}/`;
      const place = { kind: 'webdav' as const, url, username: WEBDAV_USER };
      const target = webdavTarget(
        { url, username: WEBDAV_USER, password: WEBDAV_PASSWORD },
        { fetch, timeoutMs },
      );
      return { dir, url, place, target };
    },
  };
}
