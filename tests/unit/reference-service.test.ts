// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseConfigPatch } from '../reference-service/config';
import { DEMO_API_KEY, startReferenceService } from '../reference-service/server';
import { referenceServiceForFile } from './support/reference-service';

const service = referenceServiceForFile();

const auth = { 'X-API-Key': DEMO_API_KEY };

function get(path: string, headers: Record<string, string> = auth): Promise<Response> {
  return fetch(`${service.url}${path}`, { headers });
}

function post(path: string, body: unknown, headers: Record<string, string> = auth): Promise<Response> {
  return fetch(`${service.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('reference service', () => {
  it('rejects missing and invalid API keys with 401 text', async () => {
    const missing = await get('/v1/tokens/balance', {});
    expect(missing.status).toBe(401);
    expect(missing.headers.get('content-type')).toContain('text/plain');
    expect(await missing.text()).toMatch(/X-API-Key/);
    expect((await get('/v1/tokens/balance', { 'X-API-Key': 'nope' })).status).toBe(401);
  });

  it('reports the balance on both path forms, with extra fields', async () => {
    const v1 = await get('/v1/tokens/balance');
    expect(v1.status).toBe(200);
    const body = (await v1.json()) as Record<string, unknown>;
    expect(body.tokensBalance).toBe(1000);
    expect(body.requestId).toEqual(expect.any(String));
    expect(await (await get('/api/credits/balance')).json()).toMatchObject({ tokensBalance: 1000 });
  });

  it('generates an image, deducts credits and serves a real PNG without a key', async () => {
    const res = await post('/v1/images/generate', { prompt: 'a red fox', model: 'm1' });
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    expect(url).toMatch(new RegExp(`^${service.url}/files/images/[^/]+\\.png$`));
    expect(await (await get('/v1/tokens/balance')).json()).toMatchObject({ tokensBalance: 999 });

    const image = await fetch(url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('access-control-allow-origin')).toBe('*');
    const bytes = Buffer.from(await image.arrayBuffer());
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
    expect(bytes.readUInt32BE(16)).toBe(256);
  });

  it('spends nothing for a request that waited across a reset: it belongs to the test before', async () => {
    service.configure({ latencyMs: 300 });
    const waiting = post('/v1/images/generate', { prompt: 'sent before the reset' });
    await sleep(50);
    service.reset();
    const res = await waiting;
    expect(res.status).toBe(503);
    expect(await res.text()).toBe('The service was reset while this request waited.');
    expect(await (await get('/v1/tokens/balance')).json()).toMatchObject({ tokensBalance: 1000 });
    expect(service.jobs()).toEqual([]);
  });

  it('answers 402 with a text body when credits are short', async () => {
    service.configure({ accounts: { [DEMO_API_KEY]: 2 } });
    const res = await post('/v1/videos/generate', { prompt: 'waves' });
    expect(res.status).toBe(402);
    expect(await res.text()).toBe('Insufficient credits: this request costs 5, balance is 2');
    expect(await (await get('/v1/tokens/balance')).json()).toMatchObject({ tokensBalance: 2 });
  });

  it('validates requests with 400/415 text bodies', async () => {
    const empty = await post('/v1/images/generate', { prompt: '  ' });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toMatch(/prompt/);
    const duration = await post('/v1/videos/generate', { prompt: 'x', duration: 0 });
    expect(duration.status).toBe(400);
    expect(await duration.text()).toMatch(/duration/);
    const badJson = await fetch(`${service.url}/v1/images/generate`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: '{oops',
    });
    expect(badJson.status).toBe(400);
    const wrongType = await post(
      '/v1/images/generate',
      { prompt: 'x' },
      { ...auth, 'Content-Type': 'text/plain' },
    );
    expect(wrongType.status).toBe(415);
    service.configure({ maxPromptLength: 5 });
    expect((await post('/v1/images/generate', { prompt: 'too long' })).status).toBe(400);
  });

  it('switches path forms and answers 404/405 for unknown paths and methods', async () => {
    service.configure({ pathForms: 'v1' });
    expect((await get('/api/credits/balance')).status).toBe(404);
    expect((await post('/api/images/generate', { prompt: 'x' })).status).toBe(404);
    expect((await get('/v1/tokens/balance')).status).toBe(200);
    service.configure({ pathForms: 'api' });
    expect((await get('/v1/tokens/balance')).status).toBe(404);
    expect((await get('/api/credits/balance')).status).toBe(200);
    expect((await get('/v1/nothing')).status).toBe(404);
    expect((await post('/v1/tokens/balance', {})).status).toBe(404);
    expect((await get('/v1/videos/generate')).status).toBe(405);
  });

  it('runs video jobs through queued, processing and their final states', async () => {
    // Processing spans 1..3 s: the four submissions below may take hundreds of milliseconds on a loaded
    // machine, and the polls must still find the first job in each state.
    service.configure({ videoDurationMs: 3_000 });
    const submit = async (prompt: string) => {
      const res = await post('/v1/videos/generate', {
        prompt,
        duration: 5,
        resolution: '720p',
        aspectRatio: '16:9',
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { id: string; status: string };
      expect(body.status).toBe('queued');
      return body.id;
    };
    const poll = async (id: string) =>
      (await (await get(`/v1/videos/${id}`)).json()) as Record<string, unknown>;
    const ok = await submit('a lighthouse');
    const failed = await submit('storm [fail]');
    const empty = await submit('fog [empty]');
    const never = await submit('forever [never]');
    expect(await (await get('/v1/tokens/balance')).json()).toMatchObject({ tokensBalance: 980 });

    expect((await poll(ok)).videoUrls ?? []).toEqual([]);
    const seen: unknown[] = [];
    await expect
      .poll(async () => seen.push((await poll(ok)).status) && seen.at(-1), { timeout: 5_000, interval: 50 })
      .toBe('processing');
    expect(await poll(ok)).toMatchObject({ videoUrls: [] });
    await expect
      .poll(async () => (await poll(ok)).status, { timeout: 5_000, interval: 100 })
      .toBe('completed');
    expect(seen.filter((status) => status !== 'queued' && status !== 'processing')).toEqual([]);
    const done = await poll(ok);
    expect(done.videoUrls).toEqual([`${service.url}/files/videos/${ok}.webm`]);
    // Submitted just after the first one, so they may end a few milliseconds later.
    await expect.poll(async () => (await poll(empty)).status, { timeout: 5_000 }).toBe('completed');
    expect(await poll(failed)).toMatchObject({ status: 'failed', error: expect.any(String) });
    expect(await poll(empty)).toMatchObject({ status: 'completed', videoUrls: [] });
    expect(await poll(never)).toMatchObject({ status: 'processing' });
    expect(service.jobs().map((j) => j.status)).toEqual(['completed', 'failed', 'completed', 'processing']);
    expect((await get('/v1/videos/vid_missing')).status).toBe(404);
  });

  it('finishes a long job when told, and a never-ending one still never ends', async () => {
    service.configure({ videoDurationMs: 600_000 });
    const submit = async (prompt: string) =>
      ((await (await post('/v1/videos/generate', { prompt })).json()) as { id: string }).id;
    const statusOf = async (id: string) =>
      ((await (await get(`/v1/videos/${id}`)).json()) as { status: string }).status;
    const long = await submit('a slow tide');
    const never = await submit('forever [never]');
    expect(await statusOf(long)).toBe('queued');
    service.finishJob(long);
    service.finishJob(never);
    expect(await statusOf(long)).toBe('completed');
    expect(await statusOf(never)).toBe('processing');
  });

  it('serves a playable video file', async () => {
    const res = await fetch(`${service.url}/files/videos/anything.webm`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^video\//);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(1000);
    // EBML magic number that starts every WebM/Matroska file.
    expect([...bytes.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
  });

  it('applies a counted fault rule, then recovers, and logs both', async () => {
    service.configure({
      faults: [
        {
          pathPrefix: '/v1/tokens/',
          count: 1,
          action: { type: 'status', status: 429, headers: { 'Retry-After': '2' } },
        },
      ],
    });
    const first = await get('/v1/tokens/balance');
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('2');
    expect((await get('/v1/tokens/balance')).status).toBe(200);
    const log = service.requests();
    expect(log.map((e) => e.status)).toEqual([429, 200]);
    expect(log[0]?.headers['x-api-key']).toBe(DEMO_API_KEY);
  });

  it('is steerable through /__control/ endpoints', async () => {
    const configured = await fetch(`${service.url}/__control/config`, {
      method: 'POST',
      body: JSON.stringify({ faults: [{ action: { type: 'malformed' } }] }),
    });
    expect(configured.status).toBe(200);
    const malformed = await get('/v1/tokens/balance');
    await expect(malformed.json()).rejects.toThrow();
    expect(
      (await fetch(`${service.url}/__control/config`, { method: 'POST', body: '{"bogus":1}' })).status,
    ).toBe(400);
    await fetch(`${service.url}/__control/reset`, { method: 'POST' });
    expect((await get('/v1/tokens/balance')).status).toBe(200);
    const log = (await (await fetch(`${service.url}/__control/log`)).json()) as unknown[];
    expect(log).toHaveLength(1);
  });

  it('closes promptly while a request hangs', async () => {
    const other = await startReferenceService({ config: { faults: [{ action: { type: 'hang' } }] } });
    const pending = fetch(`${other.url}/v1/tokens/balance`, { headers: auth }).catch(() => 'aborted');
    await sleep(50);
    expect(other.requests()).toHaveLength(1);
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(500);
    expect(await pending).toBe('aborted');
  });
  it('holds a request until the test releases it, then answers as without the fault', async () => {
    service.configure({ faults: [{ pathPrefix: '/v1/tokens/', action: { type: 'hold' } }] });
    let answered = false;
    const pending = get('/v1/tokens/balance').then((response) => {
      answered = true;
      return response;
    });
    await expect.poll(() => service.requests().length).toBe(1);
    await sleep(100);
    expect(answered).toBe(false);
    service.release();
    expect((await pending).status).toBe(200);
  });

  it('rotates a key onto the same account, keeping credits and jobs', async () => {
    const created = await post('/v1/videos/generate', { prompt: 'a kept job' });
    const { id } = (await created.json()) as { id: string };
    const before = service.balanceOf(DEMO_API_KEY);
    expect(before).toBeGreaterThan(0);
    service.rotateKey(DEMO_API_KEY, 'rotated-key-5678');
    expect(service.balanceOf(DEMO_API_KEY)).toBeUndefined();
    expect(service.balanceOf('rotated-key-5678')).toBe(before);
    expect((await get(`/v1/videos/${id}`)).status).toBe(401);
    const polled = await get(`/v1/videos/${id}`, { 'X-API-Key': 'rotated-key-5678' });
    expect(polled.status).toBe(200);
    expect(() => service.rotateKey(DEMO_API_KEY, 'x')).toThrow(/old key/);
  });

  it('pauses (connections refused) and resumes on the same port with its jobs', async () => {
    const other = await startReferenceService({ config: { videoDurationMs: 0 } });
    try {
      const created = await fetch(`${other.url}/v1/videos/generate`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...auth },
        body: JSON.stringify({ prompt: 'survives a pause' }),
      });
      const { id } = (await created.json()) as { id: string };
      await other.pause();
      await expect(fetch(`${other.url}/v1/videos/${id}`, { headers: auth })).rejects.toThrow();
      await other.resume();
      const polled = await fetch(`${other.url}/v1/videos/${id}`, { headers: auth });
      expect(((await polled.json()) as { status: string }).status).toBe('completed');
    } finally {
      await other.close();
    }
  });

  it("starts a new service on the same port from an old one's snapshot", async () => {
    const first = await startReferenceService({ config: { videoDurationMs: 0, videoCost: 7 } });
    const created = await fetch(`${first.url}/v1/videos/generate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...auth },
      body: JSON.stringify({ prompt: 'carried over' }),
    });
    const { id } = (await created.json()) as { id: string };
    const saved = first.snapshot();
    await first.close();
    const second = await startReferenceService({ port: first.port, restore: saved });
    try {
      expect(second.url).toBe(first.url);
      expect(second.balanceOf(DEMO_API_KEY)).toBe(first.balanceOf(DEMO_API_KEY));
      const polled = await fetch(`${second.url}/v1/videos/${id}`, { headers: auth });
      expect(((await polled.json()) as { status: string }).status).toBe('completed');
      expect(second.jobs().map((job) => job.id)).toEqual([id]);
    } finally {
      await second.close();
    }
  });
  it('draws fault probabilities from a seed when one is set, the same way each time', async () => {
    const run = async () => {
      service.reset({
        faultSeed: 7,
        faults: [{ pathPrefix: '/v1/tokens/', probability: 0.5, action: { type: 'status', status: 500 } }],
      });
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await get('/v1/tokens/balance')).status);
      return statuses;
    };
    const first = await run();
    expect(first).toContain(500);
    expect(first).toContain(200);
    expect(await run()).toEqual(first);
    expect(() => parseConfigPatch({ faultSeed: -1 })).toThrow(/faultSeed/);
  });
});

describe('reference service: a hostile service and its accomplice', () => {
  it('redirects any endpoint, to another host or a path, with the key echoed where asked', async () => {
    service.configure({
      faults: [
        { action: { type: 'redirect', status: 307, location: `${service.attacker.url}/k/{{apiKey}}` } },
      ],
    });
    const moved = await fetch(`${service.url}/v1/tokens/balance`, { headers: auth, redirect: 'manual' });
    expect(moved.status).toBe(307);
    expect(moved.headers.get('location')).toBe(`${service.attacker.url}/k/${DEMO_API_KEY}`);
    expect(() =>
      parseConfigPatch({ faults: [{ action: { type: 'redirect', status: 300, location: '/x' } }] }),
    ).toThrow(/status must be one of 301, 302, 303, 307, 308/);
  });

  it('echoes the request key in error bodies, escaped inside JSON', async () => {
    const key = 'key"with-quote';
    service.configure({
      accounts: { [key]: 5 },
      faults: [
        {
          action: {
            type: 'status',
            status: 402,
            body: '{"error":"no credits for {{apiKey}}"}',
            headers: { 'Content-Type': 'application/json' },
          },
        },
      ],
    });
    const reply = await get('/v1/tokens/balance', { 'X-API-Key': key });
    expect(await reply.json()).toEqual({ error: `no credits for ${key}` });
  });

  it('shows a running job under another status word until it completes', async () => {
    service.configure({ jobStatusOverride: 'pending:{{apiKey}}', videoDurationMs: 300 });
    const submitted = (await (
      await post('/v1/videos/generate', {
        prompt: 'p',
        duration: 5,
        resolution: '720p',
        aspectRatio: '16:9',
        generateAudio: false,
      })
    ).json()) as { id: string };
    expect(await (await get(`/v1/videos/${submitted.id}`)).json()).toMatchObject({
      status: `pending:${DEMO_API_KEY}`,
    });
    await sleep(350);
    expect(await (await get(`/v1/videos/${submitted.id}`)).json()).toMatchObject({ status: 'completed' });
  });

  it('has an attacker on another loopback origin that logs headers and allows any preflight', async () => {
    expect(new URL(service.attacker.url).hostname).toBe('127.0.0.2');
    const preflight = await fetch(`${service.attacker.url}/v1/tokens/balance`, {
      method: 'OPTIONS',
      headers: { Origin: 'chrome-extension://x', 'Access-Control-Request-Headers': 'x-api-key' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('X-API-Key');
    const answer = await fetch(`${service.attacker.url}/v1/tokens/balance`, { headers: auth });
    expect(await answer.json()).toMatchObject({ tokensBalance: expect.any(Number) });
    expect(service.attacker.requests().map((entry) => [entry.method, entry.headers['x-api-key']])).toEqual([
      ['OPTIONS', undefined],
      ['GET', DEMO_API_KEY],
    ]);
    const control = (await (await get('/__control/attacker', {})).json()) as { url: string; log: unknown[] };
    expect(control).toMatchObject({ url: service.attacker.url, log: [{}, {}] });
    service.reset();
    expect(service.attacker.requests()).toEqual([]);
  });
});

describe('reference service: its config is validated with clear errors, wherever it comes from', () => {
  it('names every bad key with its path, and keeps the accepted values as given', () => {
    expect(() =>
      parseConfigPatch({
        latencyMs: -1,
        pathForms: 'v2',
        faults: [{ probability: 2, action: { type: 'status', status: 42 } }],
      }),
    ).toThrow(
      'pathForms must be one of both, v1, api; latencyMs must be a non-negative number; ' +
        'faults[0].probability must be between 0 and 1; faults[0].action.status must be an HTTP status code',
    );
    expect(() => parseConfigPatch({ videoDurationMS: 10 })).toThrow('unknown config key: videoDurationMS');
    expect(() => parseConfigPatch({ faults: [{ action: { type: 'hang', ms: 3 } }] })).toThrow(
      'unknown config key: faults[0].action.ms',
    );
    expect(() => parseConfigPatch({ faults: [{ action: { type: 'explode' } }] })).toThrow(
      'faults[0].action.type must be one of status, redirect, hang, hold, malformed, html200, latency',
    );
    expect(() => parseConfigPatch([1])).toThrow('config must be a JSON object');
    const rule = { method: 'GET', count: 2, action: { type: 'latency', ms: 5 } } as const;
    expect(parseConfigPatch({ faults: [rule], accounts: { k: 3 }, faultSeed: 4 })).toEqual({
      faults: [rule],
      accounts: { k: 3 },
      faultSeed: 4,
    });
  });

  it('lets JSON remove an override with null, and leaves absent keys absent', () => {
    const patch = parseConfigPatch({ imageUrlOverride: null, jobStatusOverride: 'waiting' });
    expect(patch).toEqual({ imageUrlOverride: undefined, jobStatusOverride: 'waiting' });
    expect('faultSeed' in patch).toBe(false);
    expect(() => parseConfigPatch({ videoUrlOverride: 'x' })).toThrow(
      'videoUrlOverride must be an array of strings',
    );
  });

  it('refuses a bad configure() call in-process, leaving the config as it was', () => {
    const before = service.snapshot().config;
    expect(() => service.configure({ latencyMs: Number.NaN })).toThrow(
      /latencyMs must be a non-negative number/,
    );
    expect(() => service.reset({ faults: 'none' } as never)).toThrow(/faults must be an array/);
    expect(service.snapshot().config).toEqual(before);
  });

  it('answers a bad control request 400 with the same words', async () => {
    const answer = await fetch(`${service.url}/__control/config`, {
      method: 'POST',
      body: JSON.stringify({ faults: [{ action: { type: 'redirect', status: 302 } }] }),
    });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toBe('Invalid config: faults[0].action.location must be a non-empty string');
    const notJson = await fetch(`${service.url}/__control/reset`, { method: 'POST', body: '{' });
    expect(notJson.status).toBe(400);
    expect(await notJson.text()).toBe('Control body is not valid JSON');
  });
});
