/**
 * A copy cut off half way finishes by itself in Firefox too. Firefox's MV2 background page is persistent, so
 * there is no worker to stop: the interruption Firefox allows is quitting the browser mid-copy. After the
 * restart the background continues the copy from the bytes it had stored (Range), and after the service
 * forgot the file the history page downloads it whole. Media host on 127.0.0.1 (access granted, see media.spec).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Copies } from '../../utils/copies/copies-schema';
import { paddedVideo } from '../reference-service/assets';
import { DEMO_API_KEY, type ReferenceService, startReferenceService } from '../reference-service/server';
import { finishedFiles } from '../support/files';
import { FirefoxUnderTest } from './support/firefox';
import { AddonState, HistoryPage, OptionsPage, PopupPage } from './support/pages';

const MB = 1024 * 1024;
const SETTLE = { timeout: 40_000, interval: 250 };

let downloads: string;
let firefox: FirefoxUnderTest;
let service: ReferenceService;

beforeEach(async () => {
  downloads = mkdtempSync(path.join(os.tmpdir(), 'promptcast-firefox-downloads-'));
  firefox = await FirefoxUnderTest.launch({ downloadsDir: downloads });
  service = await startReferenceService({
    port: 0,
    mediaHost: '127.0.0.1',
    config: { filesOrigin: 'media', videoDurationMs: 0, videoMinBytes: 5 * MB, mediaBytesPerSec: MB },
  });
});
afterEach(async () => {
  await firefox?.close();
  rmSync(downloads, { recursive: true, force: true });
  await service?.close();
});

const copyRequests = () => service.fileRequests().filter((request) => request.range !== 'bytes=0-');

async function copyOf(state: AddonState, prompt: string): Promise<string | undefined> {
  const entry = (await state.history()).find((item) => item.prompt === prompt);
  const { copies } = (await state.storedValues()) as { copies?: Copies };
  return entry ? copies?.entries[entry.id]?.state : undefined;
}

describe('Copies in Firefox', () => {
  it('a 5 MB copy cut off by quitting Firefox is continued after the restart and downloads whole', async () => {
    await OptionsPage.setUp(firefox, service.url, DEMO_API_KEY);
    const popup = await PopupPage.open(firefox);
    await popup.generateVideo('a slow tide');
    await popup.job('a slow tide', 'completed');
    // The popup's player asks for the file too (Range: bytes=0-); the copy asks without a range.
    await expect.poll(() => copyRequests().length, SETTLE).toBe(1);
    // About 2.5 MB in: two 1 MB chunks are stored.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await firefox.restart();

    const state = await AddonState.open(firefox);
    await expect.poll(() => copyOf(state, 'a slow tide'), SETTLE).toBe('kept');
    const [first, resumed, ...more] = copyRequests();
    expect(more).toEqual([]);
    expect(first).toMatchObject({ range: undefined, status: 200 });
    expect(resumed).toMatchObject({ range: expect.stringMatching(/^bytes=[1-9]\d*-$/), status: 206 });

    service.configure({ fileRetentionMs: 0 });
    const history = await HistoryPage.open(firefox);
    await history.pressOnEntry('a slow tide', 'Download');
    await expect.poll(() => finishedFiles(downloads, ['.part']).length, SETTLE).toBe(1);
    const [saved] = finishedFiles(downloads, ['.part']);
    expect(saved?.equals(paddedVideo(5 * MB))).toBe(true);
  });
});
