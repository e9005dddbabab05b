// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { createServiceClient } from '../../../utils/api/client';
import type { PathForm } from '../../../utils/api/path-forms';
import { MAX_PROMPT_LENGTH } from '../../../utils/validation';
import { DEMO_API_KEY } from '../../reference-service/server';
import { referenceServiceForFile } from '../support/reference-service';
import { clientFor, expectAppError, parsedBodies, requestLines } from './helpers';

const VIDEO = { duration: 5, resolution: '720p', aspectRatio: '16:9', generateAudio: true };

const service = referenceServiceForFile({ accounts: { [DEMO_API_KEY]: 100 } });

describe('endpoints', () => {
  it('reads the balance from tokensBalance', async () => {
    service.reset({ accounts: { [DEMO_API_KEY]: 37 } });
    await expect(clientFor(service).getBalance()).resolves.toEqual({ balance: 37 });
    expect(requestLines(service)).toEqual(['GET /v1/tokens/balance']);
  });

  it('generates an image and returns its absolute URL', async () => {
    const result = await clientFor(service).generateImage('  a red kite over the sea  ');
    expect(result.url).toMatch(new RegExp(`^${service.url}/files/images/img_[0-9a-f]+\\.png$`));
    expect(requestLines(service)).toEqual(['POST /v1/images/generate']);
    // The prompt is sent trimmed, and the charge shows the service really ran the generation.
    expect(parsedBodies(service)).toEqual([{ prompt: 'a red kite over the sea' }]);
    await expect(clientFor(service).getBalance()).resolves.toEqual({ balance: 99 });
  });

  it('submits a video job with every option in the body', async () => {
    const submission = await clientFor(service).submitVideo({ prompt: 'waves at dusk', ...VIDEO });
    expect(submission).toEqual({
      id: expect.stringMatching(/^vid_/),
      status: 'running',
      rawStatus: 'queued',
    });
    expect(service.jobs().map((job) => job.id)).toEqual([submission.id]);
    expect(parsedBodies(service)).toEqual([{ prompt: 'waves at dusk', ...VIDEO }]);
    expect(requestLines(service)).toEqual(['POST /v1/videos/generate']);
  });

  it('reads a video job by its encoded id', async () => {
    service.reset({ accounts: { [DEMO_API_KEY]: 100 }, videoDurationMs: 60_000 });
    const client = clientFor(service);
    const { id } = await client.submitVideo({ prompt: 'a slow pan', ...VIDEO });
    const job = await client.getVideoJob(id);
    expect(job).toEqual({ id, status: 'running', rawStatus: 'queued', videoUrls: [] });
    expect(requestLines(service)).toEqual(['POST /v1/videos/generate', `GET /v1/videos/${id}`]);
  });

  it('percent-encodes a job id and reports an unknown job clearly', async () => {
    const error = await expectAppError(clientFor(service).getVideoJob('a/b c?d'));
    expect(error.kind).toBe('http_error');
    expect(error.status).toBe(404);
    expect(error.detail).toBe('Video job not found: a/b c?d');
    expect(requestLines(service)).toEqual(['GET /v1/videos/a%2Fb%20c%3Fd']);
  });

  it('tolerates extra fields the service adds to every answer', async () => {
    service.reset({ accounts: { [DEMO_API_KEY]: 100 }, extraFields: true });
    // Proves the service really sends extras, so the assertions below are not vacuous.
    const raw: unknown = await fetch(`${service.url}/v1/tokens/balance`, {
      headers: { 'X-API-Key': DEMO_API_KEY },
    }).then((response) => response.json());
    expect(raw).toMatchObject({ tokensBalance: 100, requestId: expect.any(String) });

    const client = clientFor(service);
    await expect(client.getBalance()).resolves.toEqual({ balance: 100 });
    await expect(client.generateImage('a cat')).resolves.toEqual({ url: expect.stringMatching(/^http:/) });
    const submission = await client.submitVideo({ prompt: 'a dog', ...VIDEO });
    const job = await client.getVideoJob(submission.id);
    expect(Object.keys(job).sort()).toEqual(['id', 'rawStatus', 'status', 'videoUrls']);
  });
});

describe('base URL joining', () => {
  it('accepts a trailing slash without doubling it', async () => {
    await expect(clientFor(service, { baseUrl: `${service.url}/` }).getBalance()).resolves.toEqual({
      balance: 100,
    });
    expect(requestLines(service)).toEqual(['GET /v1/tokens/balance']);
  });

  it('keeps a path prefix, with or without a trailing slash', async () => {
    for (const baseUrl of [`${service.url}/gateway`, `${service.url}/gateway/`]) {
      service.reset();
      await expectAppError(clientFor(service, { baseUrl }).getBalance());
      expect(requestLines(service)).toEqual([
        'GET /gateway/v1/tokens/balance',
        'GET /gateway/api/credits/balance',
      ]);
    }
  });
});

describe('path forms', () => {
  it('uses v1 first and reports it as the working form', async () => {
    const onPathForm = vi.fn<(form: PathForm) => void>();
    const client = clientFor(service, { onPathForm });
    expect(client.pathForm).toBeUndefined();
    await client.getBalance();
    await client.generateImage('a kite');
    expect(requestLines(service)).toEqual(['GET /v1/tokens/balance', 'POST /v1/images/generate']);
    expect(onPathForm.mock.calls).toEqual([['v1']]);
    expect(client.pathForm).toBe('v1');
  });

  it('falls back to /api on 404, remembers it, and goes straight there next time', async () => {
    service.reset({ accounts: { [DEMO_API_KEY]: 100 }, pathForms: 'api' });
    const onPathForm = vi.fn<(form: PathForm) => void>();
    const client = clientFor(service, { onPathForm });

    await expect(client.getBalance()).resolves.toEqual({ balance: 100 });
    expect(onPathForm.mock.calls).toEqual([['api']]);
    expect(client.pathForm).toBe('api');
    expect(service.requests().map((entry) => [entry.path, entry.status])).toEqual([
      ['/v1/tokens/balance', 404],
      ['/api/credits/balance', 200],
    ]);

    await client.generateImage('a lighthouse');
    await client.getBalance();
    expect(requestLines(service).slice(2)).toEqual(['POST /api/images/generate', 'GET /api/credits/balance']);
    expect(onPathForm).toHaveBeenCalledTimes(1);
  });

  it('starts with the persisted form and keeps quiet when it works', async () => {
    const onPathForm = vi.fn<(form: PathForm) => void>();
    const client = clientFor(service, { pathForm: 'api', onPathForm });
    await client.getBalance();
    expect(requestLines(service)).toEqual(['GET /api/credits/balance']);
    expect(onPathForm).not.toHaveBeenCalled();
  });

  it('moves from a persisted /api form back to v1 when /api disappears', async () => {
    service.reset({ accounts: { [DEMO_API_KEY]: 100 }, pathForms: 'v1' });
    const onPathForm = vi.fn<(form: PathForm) => void>();
    const client = clientFor(service, { pathForm: 'api', onPathForm });
    await client.generateImage('a fox');
    expect(requestLines(service)).toEqual(['POST /api/images/generate', 'POST /v1/images/generate']);
    expect(onPathForm.mock.calls).toEqual([['v1']]);
  });

  it('with only v1 offered, never touches /api', async () => {
    service.reset({ accounts: { [DEMO_API_KEY]: 100 }, pathForms: 'v1' });
    const client = clientFor(service);
    await client.getBalance();
    await client.generateImage('a boat');
    expect(requestLines(service)).toEqual(['GET /v1/tokens/balance', 'POST /v1/images/generate']);
  });

  it('falls back on 405 as well', async () => {
    service.reset({
      accounts: { [DEMO_API_KEY]: 100 },
      faults: [{ pathPrefix: '/v1/images/', action: { type: 'status', status: 405, body: 'nope' } }],
    });
    await expect(clientFor(service).generateImage('a tree')).resolves.toHaveProperty('url');
    expect(service.requests().map((entry) => [entry.path, entry.status])).toEqual([
      ['/v1/images/generate', 405],
      ['/api/images/generate', 200],
    ]);
  });

  it('names both paths when neither form exists', async () => {
    const onPathForm = vi.fn<(form: PathForm) => void>();
    const client = clientFor(service, { baseUrl: `${service.url}/missing`, onPathForm });
    const error = await expectAppError(client.getBalance());
    expect(error.kind).toBe('http_error');
    expect(error.status).toBe(404);
    expect(error.detail).toBe('Not found: /missing/v1/tokens/balance');
    expect(onPathForm).not.toHaveBeenCalled();
    expect(client.pathForm).toBeUndefined();
  });

  it('does not fall back on errors other than 404/405', async () => {
    const error = await expectAppError(clientFor(service, { apiKey: 'not-a-key' }).getBalance());
    expect(error.kind).toBe('unauthorized');
    expect(requestLines(service)).toEqual(['GET /v1/tokens/balance']);
  });

  it('survives an onPathForm callback that throws', async () => {
    service.reset({ accounts: { [DEMO_API_KEY]: 100 }, pathForms: 'api' });
    const client = clientFor(service, {
      onPathForm: () => {
        throw new Error('storage is full');
      },
    });
    await expect(client.getBalance()).resolves.toEqual({ balance: 100 });
    expect(client.pathForm).toBe('api');
  });
});

describe('headers', () => {
  it('sends the key and Accept on every request, Content-Type only with a body', async () => {
    service.reset({ accounts: { [DEMO_API_KEY]: 100 }, pathForms: 'api' });
    const client = clientFor(service);
    await client.getBalance();
    await client.generateImage('a moon');
    const { id } = await client.submitVideo({ prompt: 'a sun', ...VIDEO });
    await client.getVideoJob(id);

    const log = service.requests();
    expect(log.map((entry) => `${entry.method} ${entry.path}`)).toEqual([
      'GET /v1/tokens/balance',
      'GET /api/credits/balance',
      'POST /api/images/generate',
      'POST /v1/videos/generate',
      `GET /v1/videos/${id}`,
    ]);
    for (const entry of log) {
      expect(entry.headers['x-api-key']).toBe(DEMO_API_KEY);
      expect(entry.headers.accept).toBe('application/json');
      if (entry.method === 'POST') {
        expect(entry.headers['content-type']).toBe('application/json');
        expect(entry.body).not.toBe('');
      } else {
        expect(entry.headers['content-type']).toBeUndefined();
        expect(entry.body).toBe('');
      }
    }
  });

  it('trims the API key before sending it', async () => {
    await clientFor(service, { apiKey: `  ${DEMO_API_KEY}\n` }).getBalance();
    expect(service.requests()[0]?.headers['x-api-key']).toBe(DEMO_API_KEY);
  });
});

describe('model field', () => {
  it('sends the model id under `model` in image and video bodies', async () => {
    const client = clientFor(service, { modelId: 'painter-2' });
    await client.generateImage('a bird');
    await client.submitVideo({ prompt: 'a bird flying', ...VIDEO });
    expect(parsedBodies(service)).toEqual([
      { model: 'painter-2', prompt: 'a bird' },
      { model: 'painter-2', prompt: 'a bird flying', ...VIDEO },
    ]);
  });

  it('uses a custom field name when configured', async () => {
    const client = clientFor(service, { modelId: 'painter-2', modelField: 'modelId' });
    await client.generateImage('a bird');
    await client.submitVideo({ prompt: 'a bird flying', ...VIDEO });
    expect(parsedBodies(service)).toEqual([
      { modelId: 'painter-2', prompt: 'a bird' },
      { modelId: 'painter-2', prompt: 'a bird flying', ...VIDEO },
    ]);
  });

  it('leaves the field out when the model id is empty or blank', async () => {
    await clientFor(service, { modelId: '' }).generateImage('one');
    await clientFor(service, { modelId: '   ' }).submitVideo({ prompt: 'two', ...VIDEO });
    expect(parsedBodies(service)).toEqual([{ prompt: 'one' }, { prompt: 'two', ...VIDEO }]);
  });
});

describe('input validation happens before any request', () => {
  it('rejects a blank prompt', async () => {
    const error = await expectAppError(clientFor(service).generateImage('  \n '));
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toBe('Enter a prompt.');
    expect(service.requests()).toEqual([]);
  });

  it('rejects a prompt over the limit, naming its length', async () => {
    const error = await expectAppError(clientFor(service).generateImage('x'.repeat(MAX_PROMPT_LENGTH + 1)));
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toBe('The prompt is 4,001 characters long; the limit is 4,000.');
    expect(service.requests()).toEqual([]);
  });

  it('accepts a prompt of exactly the limit', async () => {
    await clientFor(service).generateImage('y'.repeat(MAX_PROMPT_LENGTH));
    expect(requestLines(service)).toEqual(['POST /v1/images/generate']);
  });

  it('rejects invalid video options', async () => {
    const client = clientFor(service);
    const error = await expectAppError(
      client.submitVideo({
        prompt: 'ok',
        duration: 2.5,
        resolution: 'hd',
        aspectRatio: '16:9',
        generateAudio: false,
      }),
    );
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toContain('whole number of seconds');
    expect(error.message).toContain('720p');
    const blank = await expectAppError(client.submitVideo({ prompt: ' ', ...VIDEO }));
    expect(blank.message).toBe('Enter a prompt.');
    expect(service.requests()).toEqual([]);
  });

  it('rejects a blank job id', async () => {
    const error = await expectAppError(clientFor(service).getVideoJob(' '));
    expect(error.kind).toBe('invalid_input');
    expect(service.requests()).toEqual([]);
  });

  it('refuses unusable base URLs and keys at creation', () => {
    for (const baseUrl of ['', 'not a url', 'ftp://example.com', 'javascript:alert(1)', '/relative']) {
      expect(() => createServiceClient({ baseUrl, apiKey: DEMO_API_KEY })).toThrow(
        /full address, like https:\/\/api.example.com/,
      );
    }
    expect(() => createServiceClient({ baseUrl: service.url, apiKey: '  ' })).toThrow('Enter an API key');
    expect(() => createServiceClient({ baseUrl: service.url, apiKey: 'kéy✓' })).toThrow(/cannot be sent/);
  });
});
