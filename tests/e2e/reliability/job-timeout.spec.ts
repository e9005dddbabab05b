import { expect, test } from '../support/fixtures';
import { entryOf, pollsOf, settled, someNotifications } from '../support/probes';
import { conclude, submitVideo } from '../support/reliability-observe';
import { configure } from '../support/setup';

// Alone in its file so that Playwright runs it beside the other reliability files: it waits a minute.
test('a job that never completes ends with the time-out message after jobTimeoutMin', {
  tag: '@waits',
}, async ({ extension, service }) => {
  test.setTimeout(150_000);
  const timeoutMin = 1;
  service.configure({ videoDurationMs: 1_000 });
  const page = await configure(extension, service, { jobTimeoutMin: timeoutMin });
  const entry = await submitVideo(page, 'an endless corridor [never]');
  await page.close();

  const history = await settled(extension, [entry.id], timeoutMin * 60_000 + 30_000);
  const done = entryOf(history, entry.id);
  const waitedMs = (done.finishedAt ?? 0) - done.createdAt;
  const popup = await extension.openPage('popup');
  await expect(popup.getByText(/The video took too long, so the extension stopped waiting/)).toBeVisible();
  const ids = await someNotifications(extension);
  const polls = pollsOf(service, entry.poll?.jobId ?? '');
  const { lost, keyLeaks, failedWithMessage } = await conclude(
    `job that never completes (time-out ${timeoutMin} min)`,
    {
      extension,
      service,
      history,
      ids: [entry.id],
      texts: { popup: await popup.content() },
      note: `given up after ${Math.round(waitedMs / 100) / 10} s and ${polls.length} polls`,
    },
  );
  expect([lost, keyLeaks, failedWithMessage]).toEqual([0, 0, 1]);
  expect(done).toMatchObject({ status: 'failed', error: { kind: 'job_timeout' } });
  expect(waitedMs).toBeGreaterThanOrEqual(timeoutMin * 60_000);
  expect(waitedMs).toBeLessThan(timeoutMin * 60_000 + 5_000);
  expect(ids).toEqual([`history:failed-${entry.id}`]);
  // Polling went on until the deadline and then stopped.
  expect(polls.every((poll) => poll.status === 200)).toBe(true);
  expect(polls.at(-1)?.time ?? 0).toBeLessThanOrEqual(done.finishedAt ?? 0);
});
