import type { Page } from '@playwright/test';
import { DEMO_API_KEY, type RequestLogEntry } from '../../reference-service/server';
import type { ExtensionUnderTest } from '../support/extension';
import { expect, test } from '../support/fixtures';
import { quiet, requestsTo } from '../support/probes';
import { conclude } from '../support/reliability-observe';
import { configure, sendFrom } from '../support/setup';

test.describe.configure({ mode: 'parallel' });

const BALANCE = { v1: '/v1/tokens/balance', api: '/api/credits/balance' };
const IMAGE = { v1: '/v1/images/generate', api: '/api/images/generate' };

/** The requests a step caused: what the service logged after `before` entries. */
function since(log: RequestLogEntry[], before: number): string[] {
  return log.slice(before).map((entry) => `${entry.method} ${entry.path} ${entry.status}`);
}

async function rememberedForms(extension: ExtensionUnderTest): Promise<Record<string, string>> {
  const worker = await extension.worker();
  return ((await worker.evaluate(() => chrome.storage.local.get('pathForms'))).pathForms ?? {}) as Record<
    string,
    string
  >;
}

async function ok<T>(response: Promise<{ ok: boolean; data?: T; error?: { message: string } }>): Promise<T> {
  const answer = await response;
  if (!answer.ok) throw new Error(`refused: ${answer.error?.message}`);
  return answer.data as T;
}

async function balanceShown(popup: Page) {
  await expect(popup.getByTestId('balance')).toContainText('credits');
}

test('a service that only serves the /api form: found once, then used directly, even by a new worker', async ({
  extension,
  service,
}) => {
  service.configure({ pathForms: 'api' });
  const page = await configure(extension, service);
  const ids: string[] = [];

  let mark = service.requests().length;
  const first = await ok<{ value: number }>(sendFrom(page, { type: 'refreshBalance' }));
  expect(first.value).toBe(service.balanceOf(DEMO_API_KEY));
  expect(since(service.requests(), mark)).toEqual([`GET ${BALANCE.v1} 404`, `GET ${BALANCE.api} 200`]);
  expect(await rememberedForms(extension)).toEqual({ [service.url]: 'api' });

  mark = service.requests().length;
  await ok(sendFrom(page, { type: 'refreshBalance' }));
  expect(since(service.requests(), mark)).toEqual([`GET ${BALANCE.api} 200`]);
  mark = service.requests().length;
  const image = await ok<{ id: string; urls: string[] }>(
    sendFrom(page, { type: 'generateImage', prompt: 'a fern' }),
  );
  ids.push(image.id);
  await quiet(service);
  // The image, and the balance readings around a lone one (for its cost), all went straight to /api.
  expect(since(service.requests(), mark)).toEqual([
    `GET ${BALANCE.api} 200`,
    `POST ${IMAGE.api} 200`,
    `GET ${BALANCE.api} 200`,
  ]);

  // The form is remembered in storage, so a worker started afresh goes straight to /api too.
  await extension.stopWorker();
  mark = service.requests().length;
  const popup = await extension.openPage('popup');
  await balanceShown(popup);
  const again = await ok<{ id: string }>(sendFrom(popup, { type: 'generateImage', prompt: 'a moss' }));
  ids.push(again.id);
  await quiet(service);
  expect(requestsTo(service.requests().slice(mark), '/v1/')).toEqual([]);
  expect(requestsTo(service.requests().slice(mark), IMAGE.api)).toHaveLength(1);

  const { lost, keyLeaks, completed } = await conclude('service serves only the /api form', {
    extension,
    service,
    ids,
    note: `${requestsTo(service.requests(), '/v1/').length} request(s) to /v1 in all, ${requestsTo(service.requests(), '/api/').length} to /api`,
  });
  expect([lost, keyLeaks, completed]).toEqual([0, 0, 2]);
  expect(requestsTo(service.requests(), '/v1/')).toHaveLength(1);
});

test('a service that only serves the /v1 form: never asked for /api; when it moves to /api, one fallback', async ({
  extension,
  service,
}) => {
  service.configure({ pathForms: 'v1' });
  const page = await configure(extension, service);
  const ids: string[] = [];
  const popup = await extension.openPage('popup');
  await balanceShown(popup);
  await ok(sendFrom(page, { type: 'refreshBalance' }));
  ids.push((await ok<{ id: string }>(sendFrom(page, { type: 'generateImage', prompt: 'a reed' }))).id);
  await quiet(service);
  expect(requestsTo(service.requests(), '/api/')).toEqual([]);
  expect(requestsTo(service.requests(), BALANCE.v1).every((entry) => entry.status === 200)).toBe(true);
  expect(await rememberedForms(extension)).toEqual({ [service.url]: 'v1' });

  // The service drops /v1: the remembered form fails once, the other one is found and remembered.
  service.configure({ pathForms: 'api' });
  let mark = service.requests().length;
  ids.push((await ok<{ id: string }>(sendFrom(page, { type: 'generateImage', prompt: 'a rush' }))).id);
  await quiet(service);
  expect(
    requestsTo(service.requests().slice(mark), '/', 'POST').map((entry) => `${entry.path} ${entry.status}`),
  ).toEqual([`${IMAGE.v1} 404`, `${IMAGE.api} 200`]);
  mark = service.requests().length;
  await ok(sendFrom(page, { type: 'refreshBalance' }));
  expect(since(service.requests(), mark)).toEqual([`GET ${BALANCE.api} 200`]);
  expect(await rememberedForms(extension)).toEqual({ [service.url]: 'api' });

  const { lost, keyLeaks, completed } = await conclude('service serves only the /v1 form, then only /api', {
    extension,
    service,
    ids,
    texts: { popup: await popup.content() },
  });
  expect([lost, keyLeaks, completed]).toEqual([0, 0, 2]);
});
