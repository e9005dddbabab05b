/**
 * *Save frame* in Firefox: the viewer's paused video, kept in the add-on, saved to disk as a PNG at the
 * video's own resolution with its prompt written in.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Copies } from '../../utils/copies/copies-schema';
import { pngTexts } from '../../utils/downloads/png-text';
import { DEMO_API_KEY, type ReferenceService, startReferenceService } from '../reference-service/server';
import { finishedFiles } from '../support/files';
import { FirefoxUnderTest } from './support/firefox';
import { AddonState, HistoryPage, OptionsPage, PopupPage } from './support/pages';

const SETTLE = { timeout: 30_000, interval: 200 };

let downloads: string;
let firefox: FirefoxUnderTest;
let service: ReferenceService | undefined;

beforeEach(async () => {
  downloads = mkdtempSync(path.join(os.tmpdir(), 'promptcast-firefox-frames-'));
  firefox = await FirefoxUnderTest.launch({ downloadsDir: downloads });
});
afterEach(async () => {
  await firefox?.close();
  await service?.close();
  rmSync(downloads, { recursive: true, force: true });
});

describe('Save frame in Firefox', () => {
  it('saves the paused frame of a kept video as a PNG at its own size, with its prompt', async () => {
    service = await startReferenceService({ port: 0, config: { videoDurationMs: 0 } });
    await OptionsPage.setUp(firefox, service.url, DEMO_API_KEY);
    const state = await AddonState.open(firefox);
    const popup = await PopupPage.open(firefox);
    await popup.generateVideo('a wave at the pier');
    await popup.job('a wave at the pier', 'completed');
    await expect
      .poll(async () => {
        const { copies } = (await state.storedValues()) as { copies?: Copies };
        return Object.values(copies?.entries ?? {}).map((copy) => copy.state);
      }, SETTLE)
      .toEqual(['kept']);

    const history = await HistoryPage.open(firefox);
    await history.openCell(1);
    const selector = `${HistoryPage.viewer} video`;
    await history.videoState(selector);
    const size = await history.page.evaluate(async (css) => {
      const video = document.querySelector<HTMLVideoElement>(css);
      if (!video) throw new Error('no video');
      if (video.readyState < 2)
        await new Promise((resolve) => video.addEventListener('loadeddata', resolve, { once: true }));
      video.pause();
      const seeked = new Promise((resolve) => video.addEventListener('seeked', resolve, { once: true }));
      video.currentTime = video.duration / 2;
      await seeked;
      return [video.videoWidth, video.videoHeight];
    }, selector);
    await history.press('Save frame');
    await history.textOf(`${HistoryPage.viewer} [role="status"]`, 'Frame saved as a PNG.');

    await expect.poll(() => finishedFiles(downloads, ['.part']).length, SETTLE).toBe(1);
    const [file] = finishedFiles(downloads, ['.part']);
    if (!file) throw new Error('nothing was saved');
    expect([file.readUInt32BE(16), file.readUInt32BE(20)]).toEqual(size);
    expect(size[0]).toBeGreaterThan(0);
    expect(pngTexts(file).get('parameters')?.split('\n')[0]).toBe('a wave at the pier');
  });
});
