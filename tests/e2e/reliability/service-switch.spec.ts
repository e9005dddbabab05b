import type { Page } from '@playwright/test';
import { type ReferenceService, startReferenceService } from '../../reference-service/server';
import { BatchForm } from '../pages/batch';
import { expect, test } from '../support/fixtures';
import {
  EVENTUALLY,
  entryOf,
  historyOf,
  pollsOf,
  requestsTo,
  settled,
  settledHistory,
  storageOf,
} from '../support/probes';
import { conclude, submitVideo } from '../support/reliability-observe';
import { configure } from '../support/setup';

const KEY_A = 'service-a-key-0000000001';
const KEY_B = 'service-b-key-0000000002';

/** The keys a service received that are not its own: each one is a key sent to the wrong service. */
function foreignKeys(service: ReferenceService, ownKey: string): string {
  const keys = service.requests().map((entry) => entry.headers['x-api-key'] ?? '');
  return JSON.stringify(keys.filter((key) => key !== ownKey));
}

async function saveOnOptionsPage(options: Page, url: string, key: string) {
  await options.getByLabel('Service URL').fill(url);
  // A key saved for another service is not offered for this one; where it still is, a person replaces it.
  const replace = options.getByRole('button', { name: 'Replace' });
  if (await replace.isVisible()) await replace.click();
  await options.getByLabel('API key', { exact: true }).fill(key);
  await options.getByRole('button', { name: 'Save' }).click();
  await expect(options.getByRole('status')).toHaveText('Saved.');
}

let serviceB: ReferenceService;
test.beforeAll(async () => {
  serviceB = await startReferenceService({ port: 0 });
});
test.afterAll(() => serviceB.close());
test.beforeEach(() => serviceB.reset({ accounts: { [KEY_B]: 50 } }));

test('a job pending at A waits, labelled, while B is configured with its key, and completes back at A', async ({
  extension,
  service,
}) => {
  // The job is still pending however long the switch takes on a busy machine: it ends when finished below.
  service.configure({ accounts: { [KEY_A]: 100 }, videoDurationMs: 600_000 });
  const page = await configure(extension, service, {}, KEY_A);
  const entry = await submitVideo(page, 'a harbour at dawn');
  const jobId = entry.poll?.jobId ?? '';
  await expect.poll(() => pollsOf(service, jobId).length, EVENTUALLY).toBeGreaterThan(0);

  // The person switches to service B with B's key on the options page.
  const options = await extension.openPage('options');
  await saveOnOptionsPage(options, serviceB.url, KEY_B);
  const switchedAt = Date.now();

  // A tracker still polling A (one poll a second), with either key, would have done so several times by now.
  await options.waitForTimeout(4_000);
  expect(foreignKeys(service, KEY_A)).toBe('[]');
  expect(pollsOf(service, jobId).filter((poll) => poll.time > switchedAt + 200)).toEqual([]);
  expect((await historyOf(extension)).find((item) => item.id === entry.id)?.status).toBe('running');
  const popup = await extension.openPage('popup');
  await expect(popup.getByTestId('waiting-for-service')).toHaveText(
    `Waiting for ${service.url} to be configured again`,
  );
  // The popup asked B for the balance with B's key: B really is the configured service now.
  await expect(popup.getByTestId('balance')).toContainText('50');
  const history = await extension.openPage('history');
  await expect(history.getByTestId('waiting-for-service')).toBeVisible();

  await configure(extension, service, {}, KEY_A);
  service.finishJob(jobId);
  const done = await settled(extension, [entry.id]);
  await popup.reload();
  await expect(popup.getByTestId('waiting-for-service')).toHaveCount(0);

  const { lost, keyLeaks, completed } = await conclude('service switched while a job is pending', {
    extension,
    service: { requests: () => [...service.requests(), ...serviceB.requests()] },
    history: done,
    ids: [entry.id],
    key: [KEY_A, KEY_B],
    texts: {
      'keys A received other than its own': foreignKeys(service, KEY_A),
      'keys B received other than its own': foreignKeys(serviceB, KEY_B),
      popup: await popup.content(),
    },
    note: `${pollsOf(service, jobId).length} polls at A, ${serviceB.requests().length} requests at B`,
  });
  expect([lost, keyLeaks, completed]).toEqual([0, 0, 1]);
  expect(entryOf(done, entry.id)).toMatchObject({ status: 'completed' });
  expect(foreignKeys(service, KEY_A)).toBe('[]');
  expect(foreignKeys(serviceB, KEY_B)).toBe('[]');
});

test('a batch cut short by a worker stop, then B configured: none of it goes to B, and what A cannot get says why', async ({
  extension,
  service,
}) => {
  // Slow answers leave time to stop the worker with two requests in flight and three waiting.
  service.configure({ accounts: { [KEY_A]: 100 }, latencyMs: 4_000 });
  await configure(extension, service, { requestTimeoutSec: 20 }, KEY_A);
  const popup = await extension.openPage('popup');
  await new BatchForm(popup).send('image', [
    'a red kite',
    'a blue kite',
    'a green kite',
    'a grey kite',
    'a gold kite',
  ]);
  await expect(popup.getByRole('status').filter({ hasText: /5 images on their way/ })).toBeVisible();
  await popup.close();
  await expect
    .poll(() => requestsTo(service.requests(), '/v1/images/generate', 'POST').length, EVENTUALLY)
    .toBe(2);
  await extension.stopWorker();

  // Switching wakes the next worker, which finds the three prompts the stopped one left waiting.
  const options = await extension.openPage('options');
  await saveOnOptionsPage(options, serviceB.url, KEY_B);

  const history = await settledHistory(extension, 5, 40_000);
  expect(requestsTo(serviceB.requests(), '/', 'POST')).toEqual([]);
  expect(foreignKeys(service, KEY_A)).toBe('[]');
  expect(foreignKeys(serviceB, KEY_B)).toBe('[]');
  // Sent to A while A's key was still the one stored, or ended saying why not: nothing else.
  const outcomes = history.map((entry) => `${entry.status} ${entry.error?.kind ?? ''}`.trim()).sort();
  expect(outcomes.filter((outcome) => outcome === 'failed interrupted')).toHaveLength(2);
  for (const outcome of outcomes.filter((item) => item !== 'failed interrupted'))
    expect(['completed', 'failed key_for_other_service']).toContain(outcome);
  const refused = history.filter((entry) => entry.error?.kind === 'key_for_other_service');
  const page = await extension.openPage('history');
  for (const entry of refused) {
    await expect(
      page
        .getByTestId('history-entry')
        .filter({ hasText: entry.prompt })
        .getByText(/entered for another service/),
    ).toBeVisible();
  }

  const { lost, keyLeaks } = await conclude('batch cut short, then another service configured', {
    extension,
    service: { requests: () => [...service.requests(), ...serviceB.requests()] },
    history,
    ids: history.map((entry) => entry.id),
    key: [KEY_A, KEY_B],
    note: `${requestsTo(service.requests(), '/v1/images/generate', 'POST').length} image requests at A, ${refused.length} refused for B's key, ${requestsTo(serviceB.requests(), '/', 'POST').length} requests at B`,
  });
  expect([lost, keyLeaks]).toEqual([0, 0]);
});

test('Test connection of a URL just typed does not send the stored key there', async ({
  extension,
  service,
}) => {
  service.configure({ accounts: { [KEY_A]: 100 } });
  await configure(extension, service, {}, KEY_A);
  const options = await extension.openPage('options');
  await options.getByLabel('Service URL').fill(serviceB.url);
  await options.getByRole('button', { name: 'Test connection' }).click();
  await expect(options.getByRole('alert')).toContainText('entered for another service');
  expect(serviceB.requests()).toEqual([]);
  // Only the person's explicit choice lets the key go to B.
  await expect(options.getByText(`The saved key was entered for ${service.url}`)).toBeVisible();
  const reuse = options.getByLabel(`Use the same key for ${serviceB.url}`);
  await expect(reuse).not.toBeChecked();
  serviceB.configure({ accounts: { [KEY_A]: 9 } });
  await reuse.check();
  await options.getByRole('button', { name: 'Test connection' }).click();
  await expect(options.getByRole('status')).toHaveText('Connected: 9 credits');
  expect(serviceB.requests().map((entry) => entry.headers['x-api-key'])).toEqual([KEY_A]);

  const { keyLeaks } = await conclude('Test connection of a typed URL', {
    extension,
    service: { requests: () => [...service.requests(), ...serviceB.requests()] },
    ids: [],
    key: [KEY_A],
    note: 'the key reached B once, after the person ticked "Use the same key"',
  });
  expect(keyLeaks).toBe(0);
});

test('a key with characters that cannot be sent in a header is refused with a message', async ({
  extension,
  service,
}) => {
  const options = await extension.openPage('options');
  await options.getByLabel('Service URL').fill(service.url);
  await options.getByLabel('API key', { exact: true }).fill('  ключ-0000000000000001  ');
  await options.getByRole('button', { name: 'Save' }).click();
  await expect(options.getByLabel('API key', { exact: true })).toHaveAccessibleDescription(/cannot be sent/);
  await expect(options.getByLabel('API key', { exact: true })).toBeFocused();
  await options.getByRole('button', { name: 'Test connection' }).click();
  await expect(options.getByText(/cannot be sent/)).toBeVisible();
  expect(service.requests()).toEqual([]);
  const stored = await (await extension.worker()).evaluate(() => chrome.storage.local.get('serviceApiKey'));
  expect(stored.serviceApiKey ?? null).toBeNull();
  const { keyLeaks } = await conclude('a key that cannot be sent in a header', {
    extension,
    service,
    ids: [],
    key: ['ключ-0000000000000001'],
  });
  expect(keyLeaks).toBe(0);
});

test('[::1] works as a loopback service URL', async ({ extension }) => {
  const ipv6 = await startReferenceService({ port: 0, host: '::1', config: { accounts: { [KEY_A]: 42 } } });
  try {
    expect(ipv6.url).toMatch(/^http:\/\/\[::1\]:\d+$/);
    const options = await extension.openPage('options');
    await options.getByLabel('Service URL').fill(ipv6.url);
    await options.getByLabel('API key', { exact: true }).fill(KEY_A);
    await options.getByRole('button', { name: 'Test connection' }).click();
    await expect(options.getByRole('status')).toHaveText('Connected: 42 credits');
    await options.getByRole('button', { name: 'Save' }).click();
    await expect(options.getByRole('status')).toHaveText('Saved.');
    const popup = await extension.openPage('popup');
    await expect(popup.getByTestId('balance')).toContainText('42');
    const { keyLeaks } = await conclude('[::1] as the service URL', {
      extension,
      service: ipv6,
      ids: [],
      key: [KEY_A],
      texts: { popup: await popup.content(), options: await options.content() },
    });
    expect(keyLeaks).toBe(0);
  } finally {
    await ipv6.close();
  }
});

test('Remove key works after site access to the service was revoked', async ({ extension, service }) => {
  const KEY = 'revoked-service-key-00000001';
  // A setup saved for an https service whose site access the person later took back: Chrome cannot
  // revoke the manifest's loopback access, so the state is written as an older version stored it (a
  // bare key) and the worker restarted, which also runs the key's storage migration for real.
  await configure(extension, service, {}, KEY_A);
  const worker = await extension.worker();
  await worker.evaluate(async (key) => {
    const { settings } = await chrome.storage.local.get('settings');
    await chrome.storage.local.set({
      settings: { ...(settings as object), baseUrl: 'https://api.example.invalid' },
      serviceApiKey: key,
      serviceApiKey$: { v: 1 },
    });
  }, KEY);
  await extension.stopWorker();

  const options = await extension.openPage('options');
  // An idle page sends nothing; the next worker starts when the browser next needs it (here: a command).
  await options.evaluate(() => chrome.runtime.sendMessage({ type: 'ping' }));
  await expect(options.getByTestId('api-key-status')).toHaveText('Set, ending in ••••0001');
  const restarted = await extension.worker();
  expect(
    await restarted.evaluate(() =>
      chrome.permissions.contains({ origins: ['https://api.example.invalid/*'] }),
    ),
  ).toBe(false);
  await options.getByRole('button', { name: 'Remove' }).click();
  await expect(options.getByRole('status')).toHaveText('API key removed.');
  await expect
    .poll(async () => (await storageOf(extension)).local.keyStatus, EVENTUALLY)
    .toEqual({ set: false });
  const stored = await restarted.evaluate(() => chrome.storage.local.get(null));
  const { keyLeaks } = await conclude('Remove key without site access', {
    extension,
    service,
    ids: [],
    key: [KEY],
    texts: { storage: JSON.stringify(stored), options: await options.content() },
  });
  expect(keyLeaks).toBe(0);
});
