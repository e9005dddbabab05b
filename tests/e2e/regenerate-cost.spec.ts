import { DEMO_API_KEY, type ReferenceService } from '../reference-service/server';
import { costOf } from './pages/entry-actions';
import { HistoryPage } from './pages/history';
import { RealSidePanel } from './pages/panel';
import { PopupPage } from './pages/popup';
import { expect, test } from './support/fixtures';
import { EVENTUALLY, historyOf, submissionsOf } from './support/probes';
import { configure } from './support/setup';

/** What the service took from the demo account since `before`, as the service itself counts it. */
function chargedSince(service: ReferenceService, before: number): number {
  return before - (service.balanceOf(DEMO_API_KEY) ?? before);
}

function imageBodies(service: ReferenceService): unknown[] {
  return service
    .requests()
    .filter((request) => request.method === 'POST' && request.path.endsWith('/images/generate'))
    .map((request) => JSON.parse(request.body));
}

test('Generate again on the history page sends the same request again as a new entry', async ({
  extension,
  service,
}) => {
  await configure(extension, service, { modelId: 'model-e2e' });
  service.configure({ videoDurationMs: 500 });
  const prompt = 'a paper boat on a lake';
  const popup = await PopupPage.open(extension);
  await popup.generateVideo(prompt, { duration: 8, resolution: '1080p', aspectRatio: '9:16' });
  await expect(popup.status('Video submitted.')).toBeVisible();

  const history = await HistoryPage.open(extension);
  await expect(history.entry(prompt)).toHaveAttribute('data-status', 'completed', EVENTUALLY);
  await history.entryAction('Generate again', prompt).click();

  await expect(history.entries()).toHaveCount(2);
  // The entry is stored before its request leaves, so the second submission may still be on its way.
  await expect.poll(() => submissionsOf(service).length).toBe(2);
  const bodies = submissionsOf(service).map((request) => JSON.parse(request.body));
  expect(bodies[1]).toEqual(bodies[0]);
  expect(bodies[0]).toMatchObject({
    prompt,
    model: 'model-e2e',
    duration: 8,
    resolution: '1080p',
    aspectRatio: '9:16',
  });
  expect((await historyOf(extension)).map((entry) => entry.prompt)).toEqual([prompt, prompt]);
});

test('Edit & generate on the history page opens the real side panel with the entry in its form', async ({
  extension,
  service,
}) => {
  await configure(extension, service);
  service.configure({ videoDurationMs: 300 });
  const prompt = 'a lighthouse keeper’s cat';
  const popup = await PopupPage.open(extension);
  await popup.generateVideo(prompt, { duration: 8 });
  await expect(popup.job(prompt)).toHaveAttribute('data-status', 'completed', EVENTUALLY);

  const cdp = await RealSidePanel.browserSession(extension);
  expect(await RealSidePanel.targets(cdp, extension)).toEqual([]);
  const history = await HistoryPage.open(extension);
  // A real click: the browser opens a side panel only in answer to one.
  await history.entryAction('Edit & generate', prompt).click();
  let panel: RealSidePanel | undefined;
  await expect.poll(async () => (panel = await RealSidePanel.find(cdp, extension))).toBeDefined();
  await expect.poll(async () => (await panel?.form())?.prompt).toBe(prompt);
  expect((await panel?.form())?.duration).toBe('8');
  // Filling sends nothing: the person changes and sends it from the panel.
  expect(submissionsOf(service)).toHaveLength(1);
});

test('Edit & generate puts the entry’s prompt and video options into the popup’s form', async ({
  extension,
  service,
}) => {
  await configure(extension, service);
  service.configure({ videoDurationMs: 300 });
  const prompt = 'a windmill in the fog';
  let popup = await PopupPage.open(extension);
  await popup.generateVideo(prompt, { duration: 8, aspectRatio: '9:16' });
  await expect(popup.job(prompt)).toHaveAttribute('data-status', 'completed', EVENTUALLY);

  popup = await popup.reopen(extension);
  await popup.prompt.fill('something else');
  await popup.chooseVideo({ duration: 4, aspectRatio: '1:1' });
  await popup.entryAction('Edit & generate', prompt).click();

  await expect(popup.prompt).toHaveValue(prompt);
  await expect(popup.prompt).toBeFocused();
  await expect(popup.page.getByLabel('Aspect ratio')).toHaveValue('9:16');
  await expect(popup.page.getByLabel('Duration (seconds)')).toHaveValue('8');
  // Filling sends nothing: the person changes and sends it.
  expect(submissionsOf(service)).toHaveLength(1);
});

test('a failed entry offers Try again beside its reason, and it resubmits', async ({
  extension,
  service,
}) => {
  await configure(extension, service);
  service.configure({ accounts: { [DEMO_API_KEY]: 0 } });
  const prompt = 'a fox in the snow';
  const popup = await PopupPage.open(extension);
  await popup.generateImage(prompt);
  await expect(popup.alertSaying('Not enough credits')).toBeVisible();

  const retry = popup.entryAction('Try again', prompt);
  await expect(retry).toHaveAccessibleDescription(/Not enough credits/);
  service.configure({ accounts: { [DEMO_API_KEY]: 100 } });
  await retry.click();

  await expect.poll(() => imageBodies(service)).toHaveLength(2);
  const [first, second] = imageBodies(service);
  expect(second).toEqual(first);
  await expect
    .poll(async () => (await historyOf(extension)).map((entry) => entry.status), EVENTUALLY)
    .toEqual(['completed', 'failed']);
});

test('a lone generation shows what it cost, in the popup and on the history page', async ({
  extension,
  service,
}) => {
  await configure(extension, service);
  service.configure({ imageCost: 40 });
  const before = service.balanceOf(DEMO_API_KEY) ?? 0;
  const prompt = 'a lone lighthouse';
  let popup = await PopupPage.open(extension);
  await popup.generateImage(prompt);
  await expect(popup.status('Image ready.')).toBeVisible();
  const charged = chargedSince(service, before);
  expect(charged).toBeGreaterThan(0);
  const text = `cost ${charged} credits`;

  await expect(costOf(popup.result)).toHaveText(text);
  popup = await popup.reopen(extension);
  await expect(costOf(popup.recent.filter({ hasText: prompt }))).toHaveText(text);
  const history = await HistoryPage.open(extension);
  await expect(costOf(history.entry(prompt))).toHaveText(text);
});

test('no cost is shown when two generations overlap', async ({ extension, service }) => {
  await configure(extension, service);
  service.configure({ videoDurationMs: 2_500, imageCost: 40 });
  const before = service.balanceOf(DEMO_API_KEY) ?? 0;
  const popup = await PopupPage.open(extension);
  await popup.generateVideo('a slow river');
  await expect(popup.status('Video submitted.')).toBeVisible();
  // The image runs while the video job is still in flight.
  await popup.generateImage('a quick bird');
  await expect(popup.status('Image ready.')).toBeVisible();

  const history = await HistoryPage.open(extension);
  await expect(history.entries()).toHaveCount(2);
  for (const prompt of ['a slow river', 'a quick bird']) {
    await expect(history.entry(prompt)).toHaveAttribute('data-status', 'completed', EVENTUALLY);
  }
  expect(chargedSince(service, before)).toBeGreaterThan(0);
  await expect(costOf(history.entries())).toHaveCount(0);
  await expect
    .poll(async () => (await historyOf(extension)).filter((entry) => entry.balanceBefore).length)
    .toBe(0);
  expect((await historyOf(extension)).map((entry) => entry.cost)).toEqual([undefined, undefined]);

  // The absence above is the overlap's doing: the next generation, alone, does show its cost.
  const alone = service.balanceOf(DEMO_API_KEY) ?? 0;
  await popup.generateImage('a lone cloud');
  await expect(popup.status('Image ready.')).toBeVisible();
  await expect(costOf(popup.result)).toHaveText(`cost ${chargedSince(service, alone)} credits`);
});
