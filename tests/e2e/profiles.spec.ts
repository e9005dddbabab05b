import type { Page } from '@playwright/test';
import { type ReferenceService, startReferenceService } from '../reference-service/server';
import { BatchForm } from './pages/batch';
import { OptionsPage } from './pages/options';
import { schemes, seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { EVENTUALLY, entryOf, historyOf, pollsOf, requestsTo, settled } from './support/probes';
import { submitVideo } from './support/reliability-observe';
import { configure } from './support/setup';

const KEY_A = 'profile-a-key-000000000001';
const KEY_B = 'profile-b-key-000000000002';

/** Service A is the fixture's; B is a second reference service on another loopback port, another origin. */
let serviceB: ReferenceService;
test.beforeAll(async () => {
  serviceB = await startReferenceService({ port: 0 });
});
test.afterAll(() => serviceB.close());
test.beforeEach(() => serviceB.reset({ accounts: { [KEY_B]: 50 }, videoDurationMs: 500 }));

const keysSentTo = (service: ReferenceService) =>
  [...new Set(service.requests().map((entry) => entry.headers['x-api-key'] ?? ''))].sort();
const host = (service: ReferenceService) => new URL(service.url).host;

/** Adds the profile "Work" on the options page and sets it up for service B with B's key. */
async function addWorkProfile(page: Page): Promise<OptionsPage> {
  const options = new OptionsPage(page);
  await page.getByLabel('New profile').fill('Work');
  await page.getByRole('button', { name: 'Add profile' }).click();
  const work = page.getByRole('listitem').filter({ hasText: 'Work' });
  await expect(work).toContainText('Active');
  // The form now edits the new, empty profile.
  await expect(options.url).toHaveValue('');
  await options.save({ url: serviceB.url, key: KEY_B });
  await expect(options.status).toHaveText('Saved.');
  await expect(work).toContainText(host(serviceB));
  return options;
}

test('two profiles on two services: each job and batch keeps its own key and service across switches', async ({
  extension,
  service,
}) => {
  // Two batch requests at a time, each answered after 2.5 s: most of the batch is unsent at the switch.
  service.configure({ accounts: { [KEY_A]: 100 }, videoDurationMs: 6_000, latencyMs: 2_500 });
  const page = await configure(extension, service, {}, KEY_A);
  await page.reload();
  // Today's configuration is the first profile, named after its host.
  const profileA = page.getByRole('listitem').filter({ hasText: host(service) });
  await expect(profileA).toContainText('Active');

  const videoAtA = await submitVideo(page, 'a lighthouse in fog');
  await expect.poll(() => pollsOf(service, videoAtA.poll?.jobId ?? '').length, EVENTUALLY).toBeGreaterThan(0);

  // A batch on A, then a switch to Work (B) while most of it is still unsent.
  const popup = await extension.openPage('popup');
  const batch = new BatchForm(popup);
  await batch.send('image', ['one', 'two', 'three', 'four', 'five', 'six']);
  await addWorkProfile(page);
  const generatedAtA = () => requestsTo(service.requests(), '/v1/images', 'POST').length;
  expect(generatedAtA()).toBeLessThan(6);

  // The popup shows the active profile and its balance, and switches back in one keystroke.
  await popup.reload();
  const profileSelect = popup.getByRole('combobox', { name: 'Profile' });
  await expect(profileSelect.locator('option:checked')).toHaveText(`Work (${host(serviceB)})`);
  await expect(popup.getByTestId('balance')).toContainText('50');
  // The switch and the profile list are as usable by keyboard and screen reader as the rest, light and dark.
  for (const scheme of schemes) {
    expect(await seriousViolations(popup, scheme)).toEqual([]);
    expect(await seriousViolations(page, scheme)).toEqual([]);
  }
  await popup.getByRole('textbox', { name: 'Prompt' }).fill('a harbour at dawn');
  await popup.getByRole('button', { name: 'Generate image' }).click();
  await expect
    .poll(
      async () => (await historyOf(extension)).find((entry) => entry.prompt === 'a harbour at dawn')?.status,
      EVENTUALLY,
    )
    .toBe('completed');

  await profileSelect.focus();
  await popup.keyboard.press('ArrowUp');
  await expect(profileSelect.locator('option:checked')).toHaveText(host(service));
  // A's own balance: 100 less the video (5) and the six images (1 each).
  await expect(popup.getByTestId('balance')).toContainText('89', EVENTUALLY);

  // Everything ends where it began: the video and the whole batch at A, the harbour at B.
  const history = await historyOf(extension);
  const batchIds = history.filter((entry) => entry.batchId !== undefined).map((entry) => entry.id);
  expect(batchIds).toHaveLength(6);
  const done = await settled(extension, [videoAtA.id, ...batchIds]);
  expect(entryOf(done, videoAtA.id)).toMatchObject({ status: 'completed' });
  for (const id of [videoAtA.id, ...batchIds]) expect(entryOf(done, id).urls[0]).toContain(host(service));
  const harbour = done.find((entry) => entry.prompt === 'a harbour at dawn');
  expect(harbour?.urls[0]).toContain(host(serviceB));
  expect(generatedAtA()).toBe(6);
  expect(requestsTo(serviceB.requests(), '/v1/images', 'POST')).toHaveLength(1);
  expect(keysSentTo(service)).toEqual([KEY_A]);
  expect(keysSentTo(serviceB)).toEqual([KEY_B]);

  // The history tells the profiles apart.
  const historyPage = await extension.openPage('history');
  await historyPage.getByLabel('Profile').selectOption({ label: 'Work' });
  const entries = historyPage.getByTestId('history-entry');
  await expect(entries).toHaveCount(1);
  await expect(entries).toContainText('a harbour at dawn');
});

test('deleting a profile with a pending job asks twice, then ends it as "profile deleted" and polls no more', async ({
  extension,
  service,
}) => {
  service.configure({ accounts: { [KEY_A]: 100 }, videoDurationMs: 120_000 });
  const page = await configure(extension, service, {}, KEY_A);
  const video = await submitVideo(page, 'a very slow video');
  await page.reload();
  await addWorkProfile(page);

  await page.getByRole('button', { name: `Delete ${host(service)}` }).click();
  await expect(page.getByText(`Delete the profile “${host(service)}” and its API key?`)).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText(/still has 1 pending job/)).toBeVisible();
  expect((await historyOf(extension)).find((entry) => entry.id === video.id)?.status).toBe('running');
  await page.getByRole('button', { name: 'Delete and end them' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: host(service) })).toHaveCount(0);

  const ended = (await historyOf(extension)).find((entry) => entry.id === video.id);
  expect(ended).toMatchObject({ status: 'failed', error: { kind: 'profile_deleted' } });
  const history = await extension.openPage('history');
  await expect(history.getByText(/profile this was made with has been deleted/)).toBeVisible();
  const polls = pollsOf(service, video.poll?.jobId ?? '').length;
  await history.waitForTimeout(3_000);
  expect(pollsOf(service, video.poll?.jobId ?? '')).toHaveLength(polls);
  expect(keysSentTo(serviceB)).not.toContain(KEY_A);
});
