import { clickContextMenu, hasMenuEntry } from './pages/browser-ui';
import { LibraryPage } from './pages/library';
import { schemes, seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { EVENTUALLY, historyOf, submissionsOf } from './support/probes';
import { shot } from './support/screenshots';
import { configure } from './support/setup';

test('a {{selection}} prompt pinned on the library page is in the context menu through a worker stop and a browser restart, and wraps the selection', async ({
  extension,
  service,
}) => {
  await configure(extension, service);
  const library = await LibraryPage.open(extension);
  const { page } = library;
  await page.getByRole('button', { name: 'New prompt' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Drone shot');
  const pin = page.getByLabel('In the context menu');
  // Without a place for the selection, the menu cannot offer it, and the field says how to get there.
  await page.getByLabel('Prompt', { exact: true }).fill('Cinematic drone shot over the sea');
  await expect(pin).toBeDisabled();
  await expect(page.getByText('Put {{selection}} in the text')).toBeVisible();
  await page
    .getByLabel('Prompt', { exact: true })
    .fill('Cinematic drone shot of {{selection}}, {{light|golden hour}}');
  await expect(pin).toBeEnabled();
  await pin.selectOption({ label: 'Offer it to make a video' });
  for (const scheme of schemes) expect(await seriousViolations(page, scheme)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.screenshot({ path: shot('library-pin-light') });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const row = library.row('Drone shot');
  await expect(row).toContainText('In the menu for videos');
  const id = await row.getAttribute('data-prompt-id');
  const entry = `promptcast-pin:${id}`;
  await expect.poll(() => hasMenuEntry(extension, entry), EVENTUALLY).toBe(true);

  // A stopped worker builds the menu again from storage when it starts; Chrome keeps it through a restart.
  await extension.stopWorker();
  await expect.poll(() => hasMenuEntry(extension, entry), EVENTUALLY).toBe(true);
  await extension.restartBrowser();
  await expect.poll(() => hasMenuEntry(extension, entry), EVENTUALLY).toBe(true);

  await clickContextMenu(extension, entry, '  a lighthouse\n  at <b>dusk</b>  ');
  await expect.poll(() => submissionsOf(service).length, EVENTUALLY).toBe(1);
  const wrapped = 'Cinematic drone shot of a lighthouse at <b>dusk</b>, golden hour';
  expect(JSON.parse(submissionsOf(service)[0]?.body ?? '{}')).toMatchObject({ prompt: wrapped });
  expect((await historyOf(extension))[0]).toMatchObject({
    prompt: wrapped,
    kind: 'video',
    source: 'context-menu',
  });

  // Taken out of the menu on the library page, the entry goes from the browser's menu.
  const again = await LibraryPage.open(extension);
  await again.action('Drone shot', 'Edit').click();
  await again.page.getByLabel('In the context menu').selectOption({ label: 'Not in the menu' });
  await again.page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(again.row('Drone shot')).not.toContainText('In the menu for videos');
  await expect.poll(() => hasMenuEntry(extension, entry), EVENTUALLY).toBe(false);
});
