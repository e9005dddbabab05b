/**
 * The backup in Firefox, to Debian's Apache with mod_dav: set up on the options page after two results were
 * made and kept, then restored in a second Firefox on a new profile, whose kept files are byte for byte the
 * first one's; a wrong passphrase there restores nothing.
 */
import { chmodSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Copies } from '../../utils/copies/copies-schema';
import { DEMO_API_KEY, type ReferenceService, startReferenceService } from '../reference-service/server';
import { readKeptDigests } from '../support/copies-probe';
import { startWebdavServer, WEBDAV_PASSWORD, WEBDAV_USER, type WebdavServer } from '../support/webdav-server';
import { FirefoxUnderTest } from './support/firefox';
import { AddonState, BackupForms, OptionsPage, PopupPage } from './support/pages';

const SETTLE = { timeout: 40_000, interval: 250 };
const PASSPHRASE = 'grey herons at dawn';
const PROMPTS = ['a heron in the reeds', 'a heron taking off'];

let dav: WebdavServer;
let service: ReferenceService;
let firefox: FirefoxUnderTest;
let second: FirefoxUnderTest | undefined;

beforeAll(async () => {
  dav = await startWebdavServer();
});
afterAll(async () => {
  await dav?.close();
});
beforeEach(async () => {
  firefox = await FirefoxUnderTest.launch();
  service = await startReferenceService({ port: 0, config: { videoDurationMs: 0 } });
});
afterEach(async () => {
  await firefox?.close();
  await second?.close();
  await service?.close();
});

const keptCount = async (state: AddonState) => {
  const { copies } = (await state.storedValues()) as { copies?: Copies };
  return Object.values(copies?.entries ?? {}).filter((copy) => copy.state === 'kept').length;
};

describe('Backup in Firefox', () => {
  it('backs up an image and a video with their kept files to WebDAV, and a new profile restores them byte for byte; a wrong passphrase restores nothing', async () => {
    const folder = path.join(dav.root, 'firefox');
    mkdirSync(folder);
    chmodSync(folder, 0o777);
    const place = {
      url: `${dav.origin}/dav/firefox/`,
      username: WEBDAV_USER,
      password: WEBDAV_PASSWORD,
      passphrase: PASSPHRASE,
    };
    await OptionsPage.setUp(firefox, service.url, DEMO_API_KEY);
    const popup = await PopupPage.open(firefox);
    await popup.generateImage(PROMPTS[0] ?? '');
    await popup.renderedResultImage();
    await popup.generateVideo(PROMPTS[1] ?? '');
    await popup.job(PROMPTS[1] ?? '', 'completed');
    const state = await AddonState.open(firefox);
    await expect.poll(() => keptCount(state), SETTLE).toBe(2);
    const kept = await state.page.evaluate(readKeptDigests);
    expect(Object.keys(kept)).toHaveLength(2);

    const backup = await BackupForms.open(firefox);
    await backup.setUp(place);
    await backup.textOf(BackupForms.state, /^Last backup: .* It holds \d+ items/, 40_000);
    // The storage holds random names and sealed bytes: no prompt, password, passphrase or key in the clear.
    const files = readdirSync(folder);
    expect(files.filter((name) => !/^[0-9a-f]{32}$/.test(name))).toEqual(['promptcast-backup.json']);
    for (const name of files) {
      const bytes = readFileSync(path.join(folder, name));
      for (const secret of ['heron', PASSPHRASE, WEBDAV_PASSWORD, DEMO_API_KEY])
        expect(bytes.includes(Buffer.from(secret)), `${name} holds “${secret}”`).toBe(false);
    }

    second = await FirefoxUnderTest.launch();
    const restore = await BackupForms.open(second);
    await restore.preview({ ...place, passphrase: 'not the passphrase' });
    await restore.textOf(
      `${BackupForms.restoreForm} [role="alert"]`,
      'The passphrase is wrong, or the locked data is damaged.',
    );
    const secondState = await AddonState.open(second);
    expect(await secondState.history()).toEqual([]);

    await restore.preview(place);
    await restore.textOf('[data-testid="restore-preview"]', /^This backup holds 2 entries and 2 kept copies/);
    await restore.press('Restore it here');
    await restore.textOf(BackupForms.state, /^Restored 2 entries, 2 kept copies/, 40_000);
    const restored = await secondState.history();
    expect(restored.map((entry) => entry.prompt).sort()).toEqual([...PROMPTS].sort());
    expect(await secondState.page.evaluate(readKeptDigests)).toEqual(kept);
  });
});
