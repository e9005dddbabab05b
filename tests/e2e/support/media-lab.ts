import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { type ReferenceService, startReferenceService } from '../../reference-service/server';
import { finishedFiles } from '../../support/files';
import { ExtensionUnderTest } from './extension';
import { test as base } from './fixtures';

export { served } from '../../support/files';
export { expect } from './fixtures';

/**
 * One test's setting for results on a media host: a fresh extension whose downloads land in a folder of
 * its own, and reference services whose files are on a second origin without CORS headers.
 */
export class MediaLab {
  private readonly services: ReferenceService[] = [];

  private constructor(
    readonly downloads: string,
    readonly extension: ExtensionUnderTest,
  ) {}

  static async open(): Promise<MediaLab> {
    const downloads = mkdtempSync(path.join(os.tmpdir(), 'promptcast-downloads-'));
    return new MediaLab(downloads, await ExtensionUnderTest.launch({ downloadsPath: downloads }));
  }

  /** A reference service with its files on a media origin (127.0.0.2 by default, or `mediaHost`). */
  async startService(mediaHost?: string): Promise<ReferenceService> {
    const service = await startReferenceService({
      port: 0,
      ...(mediaHost ? { mediaHost } : {}),
      config: { filesOrigin: 'media', videoDurationMs: 0 },
    });
    this.services.push(service);
    return service;
  }

  /** Every finished download's bytes. */
  savedFiles(): Buffer[] {
    return finishedFiles(this.downloads, ['.crdownload']);
  }

  async close(): Promise<void> {
    await this.extension.close();
    rmSync(this.downloads, { recursive: true, force: true });
    await Promise.all(this.services.splice(0).map((service) => service.close()));
  }
}

/**
 * A test with a media lab of its own, opened before it and closed after it. Its extension is `lab.extension`;
 * the `extension` fixture would launch a second browser without the lab's downloads folder.
 */
export const test = base.extend<{ lab: MediaLab }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
  lab: async ({}, use) => {
    const lab = await MediaLab.open();
    await use(lab);
    await lab.close();
  },
});

/** An extension document that runs no app code of its own, to send commands and read storage from. */
export async function extensionDocument(extension: ExtensionUnderTest): Promise<Page> {
  const page = await extension.context.newPage();
  await page.goto(`${extension.origin}/manifest.json`);
  return page;
}
