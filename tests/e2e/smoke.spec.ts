import { expect, test } from './support/fixtures';

test('the worker starts and the popup renders', async ({ extension }) => {
  const worker = await extension.worker();
  expect(worker.url()).toBe(`${extension.origin}/background.js`);
  const manifest = await worker.evaluate(() => chrome.runtime.getManifest());
  expect(manifest.manifest_version).toBe(3);
  const popup = await extension.openPage('popup');
  await expect(popup.getByRole('main')).toBeVisible();
});
