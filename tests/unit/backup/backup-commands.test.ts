// @vitest-environment node
/**
 * The backup as the options page drives it, through the background's own handlers, over real HTTP to
 * Debian's Apache with mod_dav: set up, run, what storage holds, failures told once, and another browser
 * that restores the backup and takes it over.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { BACKUP_ALARM } from '../../../utils/background/browser-effects';
import { backupConfigItem, backupStatusItem } from '../../../utils/backup/backup-storage';
import { deleteAllCopies } from '../../../utils/copies/copy-store';
import { openMediaDb } from '../../../utils/copies/media-db';
import { WEBDAV_PASSWORD } from '../../support/webdav-server';
import { makeBackgroundApp } from '../support/background-app';
import { testEntry } from '../support/history-db';
import { referenceServiceForFile } from '../support/reference-service';
import { webdavServerForFile } from '../support/webdav';

const service = referenceServiceForFile();
const dav = webdavServerForFile();

const PASSPHRASE = 'a backup passphrase';
let folders = 0;
const freshFolder = () => dav.folder(`commands-${++folders}`);

/** Sets a backup up in a fresh folder, as the options page does, and runs it once. */
async function setUpAndRun(harness: Awaited<ReturnType<typeof makeBackgroundApp>>): Promise<void> {
  const { place } = freshFolder();
  await harness.app.handlers.setUpBackup({
    type: 'setUpBackup',
    place,
    credential: WEBDAV_PASSWORD,
    passphrase: PASSPHRASE,
    auto: true,
  });
  await harness.app.backup.run();
}

/** Everything storage.local holds, as one text: what a page or a synced browser could ever read of it. */
const storedText = async () => JSON.stringify(await fakeBrowser.storage.local.get(null));

describe('the backup, driven as the options page drives it', () => {
  it('sets up a new backup, runs it, and keeps the password and the root out of every item but the key vault', async () => {
    const harness = await makeBackgroundApp(service);
    const { app } = harness;
    await harness.items.history.setValue(Array.from({ length: 40 }, (_, i) => testEntry(i)));
    const { dir, place } = freshFolder();
    expect(
      await app.handlers.setUpBackup({
        type: 'setUpBackup',
        place,
        credential: WEBDAV_PASSWORD,
        passphrase: PASSPHRASE,
        auto: true,
      }),
    ).toEqual({ saved: true });
    // After the run the set-up began: nothing is left to send.
    await app.backup.run();
    const status = await backupStatusItem.getValue();
    expect(status).toMatchObject({ state: 'idle', last: { sent: { items: 0 } } });
    expect(status.last?.held.items).toBeGreaterThan(3);
    expect(status.failure).toBeUndefined();
    expect(readdirSync(dir).length).toBeGreaterThan(3);
    // The next run is tomorrow's.
    const alarm = await fakeBrowser.alarms.get(BACKUP_ALARM);
    expect((alarm?.scheduledTime ?? 0) - (status.last?.at ?? 0)).toBe(24 * 60 * 60_000);

    const config = JSON.stringify(await backupConfigItem.getValue());
    expect(config).not.toContain(WEBDAV_PASSWORD);
    const stored = await storedText();
    expect(stored).not.toContain(PASSPHRASE);
    // The password is only where API keys are, under the backup's own id, which no page is told of.
    const { serviceApiKey, ...rest } = await fakeBrowser.storage.local.get(null);
    expect(JSON.stringify(serviceApiKey)).toContain('correct horse');
    expect(JSON.stringify(rest)).not.toContain('correct horse');
    // The key status pages read names every profile's key's origin, and not the backup's.
    await app.resume();
    const { keyStatus: status2 } = await fakeBrowser.storage.local.get('keyStatus');
    expect(JSON.stringify(status2)).toContain(service.url.replace(/\/$/, ''));
    expect(JSON.stringify(status2)).not.toContain(dav.origin);
  });

  it('says why a run failed once, not at every retry, and clears it when a run succeeds', async () => {
    const harness = await makeBackgroundApp(service);
    await setUpAndRun(harness);
    harness.access.reachable = false;
    await harness.app.backup.run();
    await harness.app.backup.run();
    const told = harness.notifications.filter((notification) => notification.id === 'backup:failed');
    expect(told).toHaveLength(1);
    expect(told[0]?.message).toMatch(/not allowed to reach the backup storage|may not reach/i);
    expect((await backupStatusItem.getValue()).failure?.error).toMatchObject({
      kind: 'backup',
      detail: 'no_access',
    });
    harness.access.reachable = true;
    await harness.app.backup.run();
    expect((await backupStatusItem.getValue()).failure).toBeUndefined();
  });

  it('goes on with a run a browser quit cut off as soon as the browser starts, and leaves a finished one be', async () => {
    const harness = await makeBackgroundApp(service);
    await setUpAndRun(harness);
    const finished = await backupStatusItem.getValue();
    await harness.app.backup.afterBrowserStart();
    expect((await backupStatusItem.getValue()).last?.at).toBe(finished.last?.at);

    // The browser quit mid-run: the status still says it runs.
    await harness.items.history.setValue([testEntry(1)]);
    await backupStatusItem.setValue({ ...finished, state: 'backing-up' });
    await harness.app.backup.afterBrowserStart();
    const resumed = await backupStatusItem.getValue();
    expect(resumed.state).toBe('idle');
    expect(resumed.last?.at).toBeGreaterThan(finished.last?.at ?? 0);
    expect(resumed.last?.sent.items).toBeGreaterThan(0);
  });

  it('refuses a wrong password with its own sentence, and saves nothing', async () => {
    const harness = await makeBackgroundApp(service);
    const { place } = freshFolder();
    await expect(
      harness.app.handlers.setUpBackup({
        type: 'setUpBackup',
        place,
        credential: 'wrong',
        passphrase: PASSPHRASE,
        auto: true,
      }),
    ).rejects.toMatchObject({ info: { kind: 'backup', detail: 'unauthorized' } });
    expect(await backupConfigItem.getValue()).toBeNull();
  });

  it('in another browser: shows the backup to restore first, restores it, then writes it in place of the first', async () => {
    const a = await makeBackgroundApp(service);
    await a.items.history.setValue(
      Array.from({ length: 120 }, (_, i) => testEntry(i, { prompt: `heron ${i}` })),
    );
    const { place } = freshFolder();
    await a.app.handlers.setUpBackup({
      type: 'setUpBackup',
      place,
      credential: WEBDAV_PASSWORD,
      passphrase: PASSPHRASE,
      auto: true,
    });
    await a.app.backup.run();
    const aStorage = await fakeBrowser.storage.local.get(null);

    // A new browser profile: nothing of A's storage, its own history, no copies.
    await deleteAllCopies(await openMediaDb());
    const b = await makeBackgroundApp(service, {}, undefined, true, 'b:');
    await b.items.history.setValue([testEntry(9000)]);
    const request = { place, credential: WEBDAV_PASSWORD, passphrase: PASSPHRASE };
    const setUp = await b.app.handlers.setUpBackup({ type: 'setUpBackup', ...request, auto: true });
    expect(setUp).toMatchObject({ saved: false, restoreFirst: { entries: 120 } });
    await expect(
      b.app.handlers.previewRestore({ type: 'previewRestore', ...request, passphrase: 'not it' }),
    ).rejects.toMatchObject({ info: { kind: 'wrong_passphrase' } });
    expect(await b.app.handlers.previewRestore({ type: 'previewRestore', ...request })).toMatchObject({
      entries: 120,
    });

    await b.app.handlers.startRestore({ type: 'startRestore', ...request });
    await b.app.backup.run();
    expect((await backupStatusItem.getValue()).restore?.done).toMatchObject({ entries: 120 });
    expect(await b.items.history.getValue()).toHaveLength(121);
    // B's first backup takes the backup over, with what B now holds.
    await b.app.backup.run();
    const taken = await backupStatusItem.getValue();
    expect(taken.last?.held.items).toBeGreaterThan(0);
    expect(taken.failure).toBeUndefined();
    // The restore is done: the next run is tomorrow's, not a backstop every 30 s.
    expect((await fakeBrowser.alarms.get(BACKUP_ALARM))?.scheduledTime).toBe(
      (taken.last?.at ?? 0) + 24 * 60 * 60_000,
    );

    // Browser A again: its next run is refused, and says why, rather than replacing B's backup.
    await fakeBrowser.storage.local.clear();
    await fakeBrowser.storage.local.set(aStorage);
    await a.app.backup.run();
    expect((await backupStatusItem.getValue()).failure?.error).toMatchObject({ detail: 'other_browser' });
  });

  it('shares the key lock’s passphrase, follows it when it changes, and a new browser restores with the new one', async () => {
    const a = await makeBackgroundApp(service);
    await a.items.history.setValue(
      Array.from({ length: 30 }, (_, i) => testEntry(i, { prompt: `wren ${i}` })),
    );
    const { place } = freshFolder();
    const setUp = () =>
      a.app.handlers.setUpBackup({
        type: 'setUpBackup',
        place,
        credential: WEBDAV_PASSWORD,
        passphrase: '',
        keyLock: true,
        auto: true,
      });
    // No passphrase lock yet: nothing to share, and nothing is set up.
    await expect(setUp()).rejects.toMatchObject({ info: { kind: 'locked' } });
    expect(await backupConfigItem.getValue()).toBeNull();

    await a.app.handlers.setKeyLock({ type: 'setKeyLock', passphrase: 'first lock passphrase', idleMin: 0 });
    expect(await setUp()).toEqual({ saved: true });
    await a.app.backup.run();
    expect(await backupConfigItem.getValue()).toMatchObject({ keyLock: true });
    await a.app.handlers.changePassphrase({
      type: 'changePassphrase',
      passphrase: 'first lock passphrase',
      next: 'second lock passphrase',
    });
    // The change started the rewrap; waiting for it, then for a run after it.
    await a.app.backup.afterLockChange();
    await a.app.backup.run();
    expect((await backupStatusItem.getValue()).failure).toBeUndefined();

    const b = await makeBackgroundApp(service, {}, undefined, true, 'b:');
    const request = { place, credential: WEBDAV_PASSWORD };
    await expect(
      b.app.handlers.previewRestore({
        type: 'previewRestore',
        ...request,
        passphrase: 'first lock passphrase',
      }),
    ).rejects.toMatchObject({ info: { kind: 'wrong_passphrase' } });
    const restore = { ...request, passphrase: 'second lock passphrase' };
    expect(await b.app.handlers.previewRestore({ type: 'previewRestore', ...restore })).toMatchObject({
      entries: 30,
    });
    await b.app.handlers.startRestore({ type: 'startRestore', ...restore });
    await b.app.backup.run();
    expect((await b.items.history.getValue()).map((entry) => entry.prompt).sort()).toEqual(
      Array.from({ length: 30 }, (_, i) => `wren ${i}`).sort(),
    );
  }, 60_000);
});
