// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { repairEntry } from '../../../utils/history/repair';
import type { HistoryEntry } from '../../../utils/history/schema';
import { readHistoryEntries } from '../../../utils/history/transfer';
import { originOf } from '../../../utils/http-url';
import { DEFAULT_SETTINGS } from '../../../utils/settings/defaults';
import { DEMO_API_KEY } from '../../reference-service/server';
import { historyFileText } from '../../support/history-file-text';
import { makeBackgroundApp, startWorker } from '../support/background-app';
import { referenceServiceForFile } from '../support/reference-service';

const service = referenceServiceForFile({ videoDurationMs: 200, imageCost: 40, videoCost: 70 });

/** The bodies the service received on generation paths, parsed. */
function generationBodies(): Array<Record<string, unknown>> {
  return service
    .requests()
    .filter((request) => request.method === 'POST' && request.path.endsWith('/generate'))
    .map((request) => JSON.parse(request.body) as Record<string, unknown>);
}

/** The readings after run in the background of the answer; a loaded machine may need more than a second. */
// Generous: a loaded CI machine polls and reads the balance late, and only the outcome matters here.
const SETTLED = { timeout: 20_000 };

const OPTIONS = { duration: 8, resolution: '1080p', aspectRatio: '9:16', generateAudio: true };

describe('regenerate', () => {
  it('sends an image entry’s request again with its own model, as a new entry', async () => {
    const { app, items } = await makeBackgroundApp(service, { modelId: 'model-a' });
    const first = await app.handlers.generateImage({ type: 'generateImage', prompt: 'a red kite' });
    // The person switches models afterwards; "again" still means the entry's own request.
    await items.settings.setValue({ ...(await items.settings.getValue()), modelId: 'model-b' });
    const again = await app.handlers.regenerate({ type: 'regenerate', entryId: first.id });
    expect(again.id).not.toBe(first.id);
    expect(again).toMatchObject({
      kind: 'image',
      prompt: 'a red kite',
      model: 'model-a',
      status: 'completed',
    });
    const [one, two] = generationBodies();
    expect(two).toEqual(one);
    expect(one).toMatchObject({ prompt: 'a red kite', model: 'model-a' });
    expect((await items.history.getValue()).map((entry) => entry.id)).toEqual([again.id, first.id]);
  });

  it('submits a video entry again with the same options', async () => {
    const { app } = await makeBackgroundApp(service);
    const first = await app.handlers.submitVideo({ type: 'submitVideo', prompt: 'surf', options: OPTIONS });
    const again = await app.handlers.regenerate({ type: 'regenerate', entryId: first.id });
    expect(again).toMatchObject({ kind: 'video', prompt: 'surf', options: OPTIONS, status: 'running' });
    const [one, two] = generationBodies();
    expect(two).toEqual(one);
    expect(one).toMatchObject({ prompt: 'surf', ...OPTIONS });
  });

  it('retries a failed entry through the same checks, and refuses an entry that is gone', async () => {
    service.configure({ accounts: { [DEMO_API_KEY]: 0 } });
    const { app, items } = await makeBackgroundApp(service);
    await expect(app.handlers.generateImage({ type: 'generateImage', prompt: 'moon' })).rejects.toBeTruthy();
    const failed = (await items.history.getValue())[0];
    service.configure({ accounts: { [DEMO_API_KEY]: 100 } });
    const retried = await app.handlers.regenerate({ type: 'regenerate', entryId: failed?.id ?? '' });
    expect(retried).toMatchObject({ prompt: 'moon', status: 'completed' });
    await expect(app.handlers.regenerate({ type: 'regenerate', entryId: 'nope' })).rejects.toMatchObject({
      info: { kind: 'invalid_input' },
    });
  });
});

describe('cost', () => {
  it('stores what a lone image cost, and the readings refresh the shown balance', async () => {
    const { app, items } = await makeBackgroundApp(service);
    await app.handlers.generateImage({ type: 'generateImage', prompt: 'a lone tree' });
    // The reading after comes once the answer is given; the cost lands in storage then.
    await expect.poll(async () => (await items.history.getValue())[0]?.cost, SETTLED).toBe(40);
    const stored = (await items.history.getValue())[0];
    expect(stored?.balanceBefore).toBeUndefined();
    expect((await items.balance.getValue()).balance?.value).toBe(960);
  });

  it('stores no cost when two generations overlap', async () => {
    service.configure({ latencyMs: 300 });
    const { app, items } = await makeBackgroundApp(service);
    const started = app.handlers.generateImage({ type: 'generateImage', prompt: 'first' });
    // The second starts once the first is recorded and its request is out.
    await expect.poll(async () => (await items.history.getValue()).length).toBe(1);
    const second = app.handlers.generateImage({ type: 'generateImage', prompt: 'second' });
    const entries = await Promise.all([started, second]);
    expect(entries.map((entry) => entry.status)).toEqual(['completed', 'completed']);
    await expect
      .poll(
        async () => (await items.history.getValue()).filter((entry) => entry.balanceBefore).length,
        SETTLED,
      )
      .toBe(0);
    const stored = await items.history.getValue();
    expect(stored.map((entry) => entry.cost)).toEqual([undefined, undefined]);
  });

  it('a video’s cost survives the worker being stopped before it completes', {
    timeout: 30_000,
  }, async () => {
    const first = await makeBackgroundApp(service);
    const submitted = await first.app.handlers.submitVideo({
      type: 'submitVideo',
      prompt: 'rain',
      options: DEFAULT_SETTINGS.videoDefaults,
    });
    expect((await first.items.history.getValue())[0]?.balanceBefore).toMatchObject({ value: 1000 });
    // A new worker on the same profile (the first is gone): it polls the job home and reads the balance.
    const next = startWorker();
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await next.app.resume();
    await expect
      .poll(
        async () => (await next.items.history.getValue()).find((e) => e.id === submitted.id)?.cost,
        SETTLED,
      )
      .toBe(70);
  });

  it('stores no cost when the readings belong to different accounts', async () => {
    const { app, items } = await makeBackgroundApp(service);
    const entry = await app.handlers.submitVideo({
      type: 'submitVideo',
      prompt: 'snow',
      options: DEFAULT_SETTINGS.videoDefaults,
    });
    // Stored as if read under another key: the difference of two accounts' figures is no cost.
    const history = await items.history.getValue();
    await items.history.setValue(
      history.map((e) =>
        e.id === entry.id && e.balanceBefore
          ? {
              ...e,
              balanceBefore: { ...e.balanceBefore, account: { origin: originOf(service.url), keyId: 'x' } },
            }
          : e,
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await app.tracker.tick();
    await expect
      .poll(async () => (await items.history.getValue())[0]?.balanceBefore, SETTLED)
      .toBeUndefined();
    expect((await items.history.getValue())[0]).toMatchObject({ status: 'completed' });
    expect((await items.history.getValue())[0]?.cost).toBeUndefined();
  });
});

describe('cost in storage and files', () => {
  const entry: HistoryEntry = {
    id: 'e1',
    kind: 'image',
    prompt: 'p',
    model: 'm',
    source: 'popup',
    status: 'completed',
    urls: ['https://media.example/1.png'],
    createdAt: 1,
    finishedAt: 2,
    cost: 40,
  };

  it('repair keeps a valid cost and drops a damaged one with the rest of the entry intact', () => {
    expect(repairEntry(entry)?.cost).toBe(40);
    const damaged = repairEntry({ ...entry, cost: -3, urls: 'junk' });
    expect(damaged).toMatchObject({ id: 'e1', status: 'completed' });
    expect(damaged?.cost).toBeUndefined();
  });

  it('export carries the cost and import reads it back; the before reading stays behind', () => {
    const reading = { value: 1, at: 1, account: { origin: 'https://a.example', keyId: 'k' } };
    const text = historyFileText([{ ...entry, balanceBefore: reading }], 3);
    expect(text).not.toContain('balanceBefore');
    expect(readHistoryEntries(JSON.parse(text), 3).entries[0]?.cost).toBe(40);
  });
});
