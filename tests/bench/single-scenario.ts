/**
 * What the one-scenario bench commands (`npm run bench:budget-check`, `npm run bench:slow-keep`) share: a
 * private production build, the reference service, and Chromium with the extension set up against it and its
 * balance read, all removed again however the scenario ends.
 */
import { rmSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { type ReferenceService, startReferenceService } from '../reference-service/server';
import { BenchBrowser } from './browser';
import { buildPrivateCopy } from './build';
import { quietPage } from './measure';
import { refreshBalance, saveSettings } from './scenarios';

export interface ScenarioBed {
  extension: BenchBrowser;
  page: Page;
  service: ReferenceService;
}

export async function runScenario(scenario: (bed: ScenarioBed) => Promise<void>): Promise<void> {
  const built = await buildPrivateCopy();
  const service = await startReferenceService({ port: 0 });
  try {
    const extension = await BenchBrowser.launch(built.extensionDir);
    try {
      const page = await quietPage(extension.context, extension.origin);
      await saveSettings(page, service);
      await refreshBalance(page);
      await scenario({ extension, page, service });
    } finally {
      await extension.close();
    }
  } finally {
    await service.close();
    rmSync(built.root, { recursive: true, force: true });
  }
}
