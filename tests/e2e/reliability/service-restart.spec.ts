import type { HistoryEntry } from '../../../utils/history/schema';
import { startReferenceService } from '../../reference-service/server';
import { expect, test } from '../support/fixtures';
import { EVENTUALLY, entryOf, historyOf, pollsOf, settled, someNotifications } from '../support/probes';
import { conclude, submitVideo } from '../support/reliability-observe';
import { configure } from '../support/setup';

test('the service goes away with jobs pending and comes back on the same port: polling backs off, then resumes', {
  tag: '@waits',
}, async ({ extension }) => {
  test.setTimeout(90_000);
  const intervalMs = 1_000;
  const first = await startReferenceService({ port: 0, config: { videoDurationMs: 3_000 } });
  let second: Awaited<ReturnType<typeof startReferenceService>> | undefined;
  try {
    const page = await configure(extension, first, { pollIntervalSec: intervalMs / 1000 });
    const entries = [
      await submitVideo(page, 'a lighthouse keeper'),
      await submitVideo(page, 'a night ferry'),
    ];
    const ids = entries.map((entry) => entry.id);
    const jobIds = entries.map((entry) => entry.poll?.jobId ?? '');
    await expect
      .poll(() => jobIds.filter((id) => !pollsOf(first, id).some((poll) => poll.status === 200)), EVENTUALLY)
      .toEqual([]);

    const saved = first.snapshot();
    await first.close();
    const downAt = Date.now();

    // While the service is gone, each poll fails with a network error that the entry keeps, and the
    // waits between polls grow.
    const samples: HistoryEntry[][] = [];
    await expect
      .poll(
        async () => {
          const history = await historyOf(extension);
          samples.push(history);
          const pending = history.filter((entry) => ids.includes(entry.id));
          return (
            pending.length === ids.length &&
            pending.every(
              (entry) =>
                entry.status === 'running' &&
                entry.error?.kind === 'network' &&
                (entry.poll?.failures ?? 0) >= 2,
            )
          );
        },
        { timeout: 20_000, intervals: [250] },
      )
      .toBe(true);
    const popup = await extension.openPage('popup');
    await expect(popup.getByText(/Could not reach the service/).first()).toBeVisible();
    const waits = new Map<number, number>();
    for (const entry of samples.flat()) {
      const poll = entry.poll;
      if (!ids.includes(entry.id) || !poll?.lastPolledAt || entry.error?.kind !== 'network') continue;
      waits.set(poll.failures, poll.nextPollAt - poll.lastPolledAt);
    }

    const back = await startReferenceService({ port: first.port, restore: saved });
    second = back;
    const upAt = Date.now();
    expect(back.url).toBe(first.url);
    const history = await settled(extension, ids, 40_000);
    await someNotifications(extension);
    await expect(popup.getByText('Completed', { exact: true })).toHaveCount(ids.length);
    const firstPollBack = Math.min(
      ...jobIds.map((id) => pollsOf(back, id)[0]?.time ?? Number.POSITIVE_INFINITY),
    );

    const { lost, keyLeaks, completed } = await conclude(
      'service stopped with jobs pending, restarted on its port',
      {
        extension,
        service: { requests: () => [...first.requests(), ...back.requests()] },
        history,
        ids,
        texts: { popup: await popup.content() },
        note:
          `down ${upAt - downAt} ms; waits after failures ${[...waits].map(([n, ms]) => `${n}:${ms}`).join(' ')} ms; ` +
          `first poll ${firstPollBack - upAt} ms after the restart`,
      },
    );
    expect([lost, keyLeaks, completed]).toEqual([0, 0, ids.length]);
    // Backoff: after n consecutive failures the next poll waits 2^n intervals (capped by the job's deadline).
    expect(waits.size).toBeGreaterThanOrEqual(2);
    for (const [failures, wait] of waits) expect(wait).toBe(intervalMs * 2 ** failures);
    for (const id of ids) {
      const entry = entryOf(history, id);
      expect(entry.status).toBe('completed');
      expect(entry.error).toBeUndefined();
    }
    // The same jobs were picked up again, not submitted anew.
    expect(back.requests().filter((request) => request.method === 'POST')).toHaveLength(0);
    expect(jobIds.every((id) => pollsOf(back, id).some((poll) => poll.status === 200))).toBe(true);
  } finally {
    await first.close();
    await second?.close();
  }
});
