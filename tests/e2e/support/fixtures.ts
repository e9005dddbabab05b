import { test as base } from '@playwright/test';
import { type ReferenceService, startReferenceService } from '../../reference-service/server';
import { ExtensionUnderTest, type LaunchOptions } from './extension';

interface TestFixtures {
  /** How the extension is launched; a spec changes it with `test.use({ extensionLaunch })`. */
  extensionLaunch: LaunchOptions;
  extension: ExtensionUnderTest;
}
interface WorkerFixtures {
  service: ReferenceService;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  service: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
    async ({}, use) => {
      const service = await startReferenceService({ port: 0 });
      await use(service);
      await service.close();
    },
    { scope: 'worker' },
  ],
  extensionLaunch: [{}, { option: true }],
  extension: async ({ service, extensionLaunch }, use) => {
    service.reset();
    const extension = await ExtensionUnderTest.launch(extensionLaunch);
    await use(extension);
    await extension.close();
    // A request the closed browser had in flight must not spend the next test's credits.
    service.reset();
  },
});

export { expect } from '@playwright/test';
