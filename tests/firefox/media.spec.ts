/**
 * What people paid for, in Firefox, and the side panel: files on a media host that sends no CORS headers
 * are saved to disk and played, copies kept in the add-on outlive the service's retention, the history
 * goes out as a file and comes back, and the sidebar opens from the popup and from the history page.
 * As in the Chromium specs, the default media host 127.0.0.2 is one the add-on may not read (nothing is
 * kept, downloads go through the downloads API), and a media host on 127.0.0.1 at another port stands in
 * for one the person granted (the manifest's loopback access covers every port).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Copies } from '../../utils/copies/copies-schema';
import { pngTexts } from '../../utils/downloads/png-text';
import { TRAINED_ALGORITHMIC_MEDIA } from '../../utils/downloads/xmp-packet';
import type { ConfigPatch } from '../reference-service/config';
import { DEMO_API_KEY, type ReferenceService, startReferenceService } from '../reference-service/server';
import { testMediaTls } from '../reference-service/tls';
import { exiftoolRead } from '../support/exiftool';
import { finishedFiles, served } from '../support/files';
import { imageChunks } from '../support/png-chunks';
import { FirefoxUnderTest } from './support/firefox';
import { AddonState, HistoryPage, OptionsPage, PopupPage } from './support/pages';

/** Firefox writes a download next to its final name with this suffix until it is complete. */
const PARTIAL = ['.part'];
const SETTLE = { timeout: 30_000, interval: 200 };

let downloads: string;
let firefox: FirefoxUnderTest;
const services: ReferenceService[] = [];

beforeEach(async () => {
  downloads = mkdtempSync(path.join(os.tmpdir(), 'promptcast-firefox-downloads-'));
  firefox = await FirefoxUnderTest.launch({ downloadsDir: downloads });
});
afterEach(async () => {
  await firefox?.close();
  rmSync(downloads, { recursive: true, force: true });
  await Promise.all(services.splice(0).map((service) => service.close()));
});

interface MediaHostOptions {
  /** Where the media origin listens: 127.0.0.2 unless given. */
  host?: string;
  /** Serve it over https (self-signed; Firefox runs with acceptInsecureCerts). */
  tls?: boolean;
  config?: ConfigPatch;
}

/** A reference service with its files on a media origin, set up in the add-on. */
async function serviceWithMediaHost({ host, tls = false, config = {} }: MediaHostOptions = {}) {
  const service = await startReferenceService({
    port: 0,
    ...(host ? { mediaHost: host } : {}),
    ...(tls ? { mediaTls: testMediaTls() } : {}),
    config: { filesOrigin: 'media', videoDurationMs: 0, ...config },
  });
  services.push(service);
  await OptionsPage.setUp(firefox, service.url, DEMO_API_KEY);
  return service;
}

/**
 * The kept PNG as Firefox's background saved it: the image exactly as served, with its prompt written in (a new
 * install writes it; see utils/downloads/file-metadata.ts).
 */
function expectDescribed(file: Buffer | undefined, served: Buffer, prompt: string): void {
  if (!file) throw new Error('nothing was saved');
  expect(imageChunks(file)).toEqual(imageChunks(served));
  expect(pngTexts(file).get('parameters')?.split('\n')[0]).toBe(prompt);
  // An independent reader finds the prompt and the AI label in the file's XMP.
  expect(exiftoolRead(file, 'png').tags).toMatchObject({
    'XMP-dc:Description': prompt,
    'XMP-iptcExt:DigitalSourceType': TRAINED_ALGORITHMIC_MEDIA,
  });
}

function saved(): Buffer[] {
  return finishedFiles(downloads, PARTIAL);
}

async function copyStates(state: AddonState): Promise<string[]> {
  const { copies } = (await state.storedValues()) as { copies?: Copies };
  return Object.values(copies?.entries ?? {}).map((copy) => copy.state);
}

describe('Results and the side panel in Firefox', () => {
  it('Download in the popup saves the file from a media host without CORS, and the popup stays on its page', async () => {
    await serviceWithMediaHost();
    const popup = await PopupPage.open(firefox);
    await popup.generateImage('a lighthouse at night');
    const image = await popup.renderedResultImage();
    expect(new URL(image.src).hostname).toBe('127.0.0.2');
    await popup.textOf('[data-testid="result"] span', 'Only on the service');
    const bytes = await served(image.src);

    await popup.press('Download');
    await expect.poll(saved, SETTLE).toEqual([bytes]);
    expect(await popup.page.evaluate(() => location.pathname)).toBe('/popup.html');
    await popup.renderedResultImage();
  });

  it('a two-file video plays in the popup and in the history viewer; Download all saves both files', async () => {
    const service = await serviceWithMediaHost();
    const files = [
      `${service.mediaUrl}/files/videos/take-1.webm`,
      `${service.mediaUrl}/files/videos/take-2.webm`,
    ];
    service.configure({ videoUrlOverride: files });
    const popup = await PopupPage.open(firefox);
    const prompt = 'two takes of the sea';
    await popup.generateVideo(prompt);
    await popup.job(prompt, 'completed');
    const inPopup = await popup.videoState('[data-testid="job"] video');
    expect(inPopup).toMatchObject({ error: null, src: files[0] });
    expect(inPopup.ready).toBeGreaterThanOrEqual(1);

    const history = await HistoryPage.open(firefox);
    await history.pressOnEntry(prompt, 'Download all');
    const bytes = await Promise.all(files.map(served));
    await expect.poll(() => saved().length, SETTLE).toBe(2);
    expect(saved()).toContainEqual(bytes[0]);
    expect(saved()).toContainEqual(bytes[1]);

    expect(await history.cellText(2)).toContain('File 2 of 2');
    await history.openCell(2);
    const inViewer = await history.videoState(`${HistoryPage.viewer} video`);
    expect(inViewer).toMatchObject({ error: null, src: files[1] });
    expect(inViewer.ready).toBeGreaterThanOrEqual(1);
  });

  it('Keep a copy asks Firefox for an https media host, keeps the files, and Download then saves the copy', async () => {
    const service = await serviceWithMediaHost({ tls: true });
    const state = await AddonState.open(firefox);
    const popup = await PopupPage.open(firefox);
    await popup.generateImage('a lighthouse kept on request');
    const image = await popup.renderedResultImage();
    expect(new URL(image.src).origin).toBe(service.mediaUrl);
    expect(service.mediaUrl).toMatch(/^https:\/\/127\.0\.0\.2:/);
    await popup.textOf('[data-testid="result"] span', 'Only on the service');
    // The same file from the service's own origin, which this test's fetch trusts.
    const bytes = await served(`${service.url}${new URL(image.src).pathname}`);

    // The click is the gesture Firefox asks for; the test profile grants what it asks (see firefox.ts).
    await popup.press('Keep a copy');
    await popup.textOf('[data-testid="result"] span', 'Kept in the extension');
    expect(await state.grantedOrigins()).toContain('https://127.0.0.2/*');
    expect(await copyStates(state)).toEqual(['kept']);

    // The service forgets its files: what Download saves can only be the copy.
    service.configure({ fileRetentionMs: 1 });
    await popup.press('Download');
    await expect.poll(() => saved().length, SETTLE).toBe(1);
    expectDescribed(saved()[0], bytes, 'a lighthouse kept on request');
  });

  it('after the service forgot the files, history shows the kept image, plays the kept video and downloads the copy', async () => {
    await serviceWithMediaHost({ host: '127.0.0.1', config: { fileRetentionMs: 5_000 } });
    const state = await AddonState.open(firefox);
    const popup = await PopupPage.open(firefox);
    await popup.generateImage('a kept fox');
    // From the entry: the card may already show the kept copy's blob: URL.
    const imageUrl = (await state.waitForEntry('a kept fox', (entry) => entry.status === 'completed'))
      .urls[0];
    if (!imageUrl) throw new Error('the image entry has no URL');
    const imageBytes = await served(imageUrl);
    await popup.generateVideo('a kept wave');
    await popup.job('a kept wave', 'completed');
    await expect.poll(() => copyStates(state), SETTLE).toEqual(['kept', 'kept']);
    await expect.poll(async () => (await fetch(imageUrl)).status, SETTLE).toBe(404);

    const history = await HistoryPage.open(firefox);
    await history.textOf('[data-testid="history-entry"] span', 'Kept in the extension');
    // Newest first: the video's cell, then the image's.
    expect(await history.cellText(2)).toContain('a kept fox');
    const image = await history.loadedImage(`${HistoryPage.cell(2)} img`);
    expect(image.src).toMatch(/^blob:moz-extension:/);
    await history.openCell(1);
    const video = await history.videoState(`${HistoryPage.viewer} video`);
    expect(video.error).toBeNull();
    expect(video.ready).toBeGreaterThanOrEqual(1);
    expect(video.src).toMatch(/^blob:moz-extension:/);
    await history.press('Close');

    // The service answers 404 now: what is saved can only be the kept copy, and it is saved whole even though
    // the page that asked is gone at once (as a popup is when Firefox opens its downloads panel).
    await history.pressOnEntry('a kept fox', 'Download');
    await history.page.close();
    await expect.poll(() => saved().length, SETTLE).toBe(1);
    // A kept copy is saved from a blob, which Firefox writes under its final name as it goes (no .part twin
    // to wait for): the file is whole once it reads as the kept image; read at once, it was still empty.
    await vi.waitFor(() => expectDescribed(saved()[0], imageBytes, 'a kept fox'), SETTLE);
  });

  it('Export saves the history as a JSON file, and Import reads it back into a cleared history', async () => {
    await serviceWithMediaHost();
    const state = await AddonState.open(firefox);
    const popup = await PopupPage.open(firefox);
    await popup.generateImage('a blue door');
    await popup.generateImage('a red kite');
    for (const prompt of ['a blue door', 'a red kite'])
      await state.waitForEntry(prompt, (entry) => entry.status === 'completed');
    const stored = await state.history();

    const history = await HistoryPage.open(firefox);
    await history.press('Export');
    await history.textOf('[role="status"]', 'Exported 2 entries.');
    await expect.poll(() => saved().length, SETTLE).toBe(1);
    const [file] = saved();
    const text = file?.toString('utf8') ?? '';
    const exported = JSON.parse(text) as { format: string; entries: { id: string; prompt: string }[] };
    expect(exported.format).toBe('promptcast-history');
    expect(exported.entries.map(({ id, prompt }) => ({ id, prompt }))).toEqual(
      stored.map(({ id, prompt }) => ({ id, prompt })),
    );
    expect(text).not.toContain(DEMO_API_KEY);

    await history.press('Clear history');
    await history.press('Delete all');
    await history.textOf('p', 'Nothing generated yet.');
    const exportFile = path.join(downloads, 'history.json');
    writeFileSync(exportFile, text);
    const input = await history.page.$('input[type="file"]');
    await input?.uploadFile(exportFile);
    await history.textOf('[role="status"]', 'Imported 2 entries; 0 were already in the history.');
    expect((await state.history()).map(({ id }) => id)).toEqual(stored.map(({ id }) => id));
  });

  it('the popup’s Open side panel opens the sidebar; the panel’s page generates an image into its gallery', async () => {
    await serviceWithMediaHost();
    const state = await AddonState.open(firefox);
    // Closed after the install, as in Chrome, until the person asks for it.
    expect(await state.sidebarOpen()).toBe(false);
    const popup = await PopupPage.open(firefox);
    await popup.press('Open side panel');
    await expect.poll(() => state.sidebarOpen(), SETTLE).toBe(true);

    const panel = new PopupPage(await firefox.openPage('sidepanel'));
    await panel.balance(/^1,000 credits/);
    await panel.generateImage('a paper boat on a pond');
    const image = await panel.renderedResultImage();
    expect(image.width).toBeGreaterThan(0);
    await panel.textOf('h2', 'Recent results');
    await panel.loadedImage('section[aria-labelledby="gallery-heading"] li img');
    await panel.balance(/^999 credits/);
  });

  it('Edit & generate on the history page opens the sidebar with the prompt in its form', async () => {
    await serviceWithMediaHost();
    const state = await AddonState.open(firefox);
    const popup = await PopupPage.open(firefox);
    await popup.generateVideo('a kite over the dunes');
    await popup.job('a kite over the dunes', 'completed');
    expect(await state.sidebarOpen()).toBe(false);

    const history = await HistoryPage.open(firefox);
    await history.press('Edit & generate: a kite over the dunes');
    await expect.poll(() => state.sidebarOpen(), SETTLE).toBe(true);
    await expect.poll(() => state.sidebarPrompt(), SETTLE).toBe('a kite over the dunes');
    // Taken by the sidebar, so no later panel fills itself with it again.
    await expect.poll(async () => (await state.storedValues()).composerDraft ?? null, SETTLE).toBeNull();
  });
});
