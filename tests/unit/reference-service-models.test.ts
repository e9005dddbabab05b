// @vitest-environment node
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DEMO_MODELS, parseConfigPatch } from '../reference-service/config';
import { describeModels, modelSwatch, swatchRgb } from '../reference-service/models';
import { DEMO_API_KEY } from '../reference-service/server';
import { referenceServiceForFile } from './support/reference-service';

const service = referenceServiceForFile();

const auth = { 'X-API-Key': DEMO_API_KEY, 'Content-Type': 'application/json' };

function post(path: string, body: unknown): Promise<Response> {
  return fetch(`${service.url}${path}`, { method: 'POST', headers: auth, body: JSON.stringify(body) });
}

async function balance(): Promise<number> {
  const answer = await fetch(`${service.url}/v1/tokens/balance`, { headers: auth });
  return ((await answer.json()) as { tokensBalance: number }).tokensBalance;
}

async function imageUrl(model?: string): Promise<string> {
  const answer = await post('/v1/images/generate', { prompt: 'a lighthouse', ...(model && { model }) });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { url: string }).url;
}

/** The RGB of one pixel of a file the service sent, decoded here with zlib (filter 0 on every row). */
async function pixelAt(url: string, x: number, y: number): Promise<number[]> {
  const file = Buffer.from(await (await fetch(url)).arrayBuffer());
  const width = file.readUInt32BE(16);
  const idat: Buffer[] = [];
  for (let at = 8; at < file.length; ) {
    const length = file.readUInt32BE(at);
    if (file.toString('latin1', at + 4, at + 8) === 'IDAT') idat.push(file.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const rows = inflateSync(Buffer.concat(idat));
  const at = y * (width * 3 + 1) + 1 + x * 3;
  return [...rows.subarray(at, at + 3)];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('reference service: each model its own price, time and image', () => {
  it("charges each model's own image price, fractions included, and the service-wide one for others", async () => {
    service.configure({ models: { 'studio-pro': { imageCost: 7.5 }, 'sketch-fast': { imageCost: 0.25 } } });
    await imageUrl('studio-pro');
    expect(await balance()).toBe(992.5);
    await imageUrl('sketch-fast');
    expect(await balance()).toBe(992.25);
    await imageUrl('unlisted');
    expect(await balance()).toBe(991.25);
    // 7 credits are short of the dear model's 7.5 and enough for the cheap one's 0.25.
    service.configure({ accounts: { [DEMO_API_KEY]: 7 } });
    expect((await post('/v1/images/generate', { prompt: 'x', model: 'studio-pro' })).status).toBe(402);
    expect((await post('/v1/images/generate', { prompt: 'x', model: 'sketch-fast' })).status).toBe(200);
    expect(await balance()).toBe(6.75);
  });

  it("paints each model's colour in the middle of its images, and leaves images without a model as before", async () => {
    service.configure({ models: { red: { swatch: '#E01020' } } });
    const red = await imageUrl('red');
    expect(await pixelAt(red, 128, 128)).toEqual([0xe0, 0x10, 0x20]);
    expect(await pixelAt(red, 64, 191)).toEqual([0xe0, 0x10, 0x20]);
    expect(await pixelAt(red, 10, 10)).not.toEqual([0xe0, 0x10, 0x20]);

    // Two models without a configured colour still differ, each the colour its id gives.
    const [alpha, beta] = [
      modelSwatch(service.snapshot().config, 'alpha'),
      modelSwatch(service.snapshot().config, 'beta'),
    ];
    expect(alpha).not.toBe(beta);
    expect(await pixelAt(await imageUrl('alpha'), 128, 128)).toEqual(swatchRgb(alpha));
    expect(await pixelAt(await imageUrl('beta'), 128, 128)).toEqual(swatchRgb(beta));

    // The same model twice: the same mark, on a different image.
    const [first, second] = [await imageUrl('red'), await imageUrl('red')];
    expect(await pixelAt(first, 128, 128)).toEqual(await pixelAt(second, 128, 128));
    expect(await pixelAt(first, 10, 10)).not.toEqual(await pixelAt(second, 10, 10));

    const plain = await imageUrl();
    expect(plain).toMatch(/\/files\/images\/img_[0-9a-f]{16}\.png$/);
    expect((await pixelAt(plain, 128, 128)).join()).not.toBe([0xe0, 0x10, 0x20].join());
  });

  it("answers each model after its own latency, on top of the service's", async () => {
    service.configure({ latencyMs: 50, models: { slow: { latencyMs: 600 }, quick: {} } });
    const began = Date.now();
    const order: string[] = [];
    const timed = (model: string) =>
      imageUrl(model).then(() => {
        order.push(model);
        return Date.now() - began;
      });
    const [slow, quick] = await Promise.all([timed('slow'), timed('quick')]);
    expect(order).toEqual(['quick', 'slow']);
    expect(slow).toBeGreaterThanOrEqual(650);
    expect(quick).toBeGreaterThanOrEqual(50);
    expect(quick).toBeLessThan(650);
  });

  it("runs each model's video for its own time at its own price, and names the model in the job", async () => {
    service.configure({
      videoDurationMs: 60_000,
      models: { 'film-short': { videoDurationMs: 150, videoCost: 2.5 }, 'film-long': { videoCost: 12.5 } },
    });
    const submit = async (model: string) => {
      const answer = await post('/v1/videos/generate', { prompt: 'waves', model });
      return ((await answer.json()) as { id: string }).id;
    };
    const short = await submit('film-short');
    const long = await submit('film-long');
    expect(await balance()).toBe(985);
    await sleep(250);
    const job = async (id: string) =>
      (await (await fetch(`${service.url}/v1/videos/${id}`, { headers: auth })).json()) as Record<
        string,
        unknown
      >;
    expect(await job(short)).toMatchObject({ status: 'completed', model: 'film-short' });
    expect(await job(long)).toMatchObject({ status: 'queued', model: 'film-long' });
  });

  it('takes models through the control endpoint, and names a bad model setting by its path', async () => {
    const answer = await fetch(`${service.url}/__control/config`, {
      method: 'POST',
      body: JSON.stringify({ models: { m: { imageCost: 2.5 } } }),
    });
    expect(answer.status).toBe(200);
    await imageUrl('m');
    expect(await balance()).toBe(997.5);
    expect(() => parseConfigPatch({ models: { m: { swatch: 'red', price: 1 } } })).toThrow(
      'models.m.swatch must be a colour like #1a2b3c; unknown config key: models.m.price',
    );
    expect(() => parseConfigPatch({ models: { m: { imageCost: -1 } } })).toThrow(
      'models.m.imageCost must be a non-negative number',
    );
  });

  it('reads no model from the prototype: a model named "constructor" is one like any other', async () => {
    await imageUrl('constructor');
    expect(await balance()).toBe(999);
  });

  it('offers demo models that differ in price, time and colour, and prints them', () => {
    const models = Object.values(DEMO_MODELS);
    expect(models.length).toBeGreaterThanOrEqual(3);
    expect(new Set(models.map((model) => model.imageCost)).size).toBe(models.length);
    expect(new Set(models.map((model) => model.latencyMs)).size).toBe(models.length);
    expect(new Set(models.map((model) => model.swatch)).size).toBe(models.length);
    expect(models.some((model) => !Number.isInteger(model.imageCost))).toBe(true);
    const printed = describeModels(DEMO_MODELS).split('\n');
    expect(printed).toHaveLength(models.length + 1);
    expect(printed[2]).toBe(
      `  studio-pro: image ${DEMO_MODELS['studio-pro']?.imageCost} credits, video ${DEMO_MODELS['studio-pro']?.videoCost} credits, answers after ${DEMO_MODELS['studio-pro']?.latencyMs} ms, videos take ${DEMO_MODELS['studio-pro']?.videoDurationMs} ms`,
    );
  });
});
