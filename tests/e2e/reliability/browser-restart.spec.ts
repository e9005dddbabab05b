import { expect, test } from '../support/fixtures';
import { entryOf, pollsOf, settled, someNotifications, submissionsOf } from '../support/probes';
import { conclude, relaunch, submitVideo } from '../support/reliability-observe';
import { configure } from '../support/setup';

test('the browser is closed with three jobs pending and relaunched: each resumes and completes once', async ({
  extension,
  service,
}) => {
  service.configure({ videoDurationMs: 4_000 });
  const page = await configure(extension, service);
  const prompts = ['a red kite over dunes', 'a blue heron at dawn', 'a green tram at night'];
  const entries = [];
  for (const prompt of prompts) entries.push(await submitVideo(page, prompt));
  const ids = entries.map((entry) => entry.id);
  const jobIds = entries.map((entry) => entry.poll?.jobId ?? '');
  expect(jobIds.every((id) => id !== '')).toBe(true);

  const restartedAt = await relaunch(extension);

  const history = await settled(extension, ids);
  await someNotifications(extension);
  const popup = await extension.openPage('popup');
  for (const prompt of prompts) await expect(popup.getByText(prompt, { exact: true })).toBeVisible();
  await expect(popup.getByText('Failed', { exact: true })).toHaveCount(0);

  const bodies = submissionsOf(service).map((request) => JSON.parse(request.body) as { prompt: string });
  const { lost, keyLeaks, completed } = await conclude('browser closed with 3 jobs pending, relaunched', {
    extension,
    service,
    ids,
    texts: { popup: await popup.content() },
    note: `${submissionsOf(service).length} submissions for ${prompts.length} prompts`,
  });
  expect([lost, keyLeaks]).toEqual([0, 0]);
  expect(completed).toBe(prompts.length);
  // Nothing duplicated: one entry and one submission per prompt, and the same job ids before and after.
  expect(history).toHaveLength(prompts.length);
  expect(bodies.map((body) => body.prompt).sort()).toEqual([...prompts].sort());
  for (const [i, id] of ids.entries()) {
    const entry = entryOf(history, id);
    expect(entry).toMatchObject({ status: 'completed', prompt: prompts[i] });
    expect(entry.poll?.jobId).toBe(jobIds[i]);
    // It really was the relaunched browser that brought it home.
    expect(pollsOf(service, jobIds[i] ?? '').some((poll) => poll.time > restartedAt)).toBe(true);
  }
});
