// @vitest-environment node
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeError } from '../../../utils/describe-error';
import { AppError } from '../../../utils/error-info';
import { errorInfoSchema } from '../../../utils/errors';
import { DEFAULT_SETTINGS } from '../../../utils/settings/defaults';
import { DEMO_API_KEY, type FaultRule, startReferenceService } from '../../reference-service/server';
import { referenceServiceForFile } from '../support/reference-service';
import { clientFor, expectAppError, requestLines } from './helpers';

const service = referenceServiceForFile({ accounts: { [DEMO_API_KEY]: 100 } });

function withFaults(...faults: FaultRule[]): void {
  service.reset({ accounts: { [DEMO_API_KEY]: 100 }, faults });
}

describe('HTTP status mapping', () => {
  it('401: the key is rejected', async () => {
    const error = await expectAppError(clientFor(service, { apiKey: 'wrong-key' }).getBalance());
    expect(error.kind).toBe('unauthorized');
    expect(error.status).toBe(401);
    expect(describeError(error)).toBe('The service rejected the API key. Check it in the options.');
    expect(error.detail).toBe('Unauthorized: invalid API key');
  });

  it('402: not enough credits, keeping the service text', async () => {
    service.reset({ accounts: { [DEMO_API_KEY]: 0 } });
    const error = await expectAppError(clientFor(service).generateImage('a cat'));
    expect(error.kind).toBe('insufficient_credits');
    expect(error.status).toBe(402);
    expect(error.detail).toBe('Insufficient credits: this request costs 1, balance is 0');
    expect(describeError(error)).toBe(
      'Not enough credits for this request. Buy credits in the account area of the service’s website. ' +
        'The service said: “Insufficient credits: this request costs 1, balance is 0”',
    );
  });

  it('another 4xx that talks about credits is also insufficient_credits', async () => {
    withFaults({ action: { type: 'status', status: 403, body: 'Not enough tokens left on this account' } });
    const error = await expectAppError(clientFor(service).generateImage('a cat'));
    expect(error.kind).toBe('insufficient_credits');
    expect(error.status).toBe(403);
    expect(error.detail).toBe('Not enough tokens left on this account');
  });

  it('429 with Retry-After in seconds', async () => {
    withFaults({
      action: { type: 'status', status: 429, body: 'slow down', headers: { 'Retry-After': '7' } },
    });
    const error = await expectAppError(clientFor(service).getBalance());
    expect(error.kind).toBe('rate_limited');
    expect(error.status).toBe(429);
    expect(error.retryAfterMs).toBe(7000);
    expect(describeError(error)).toBe('Too many requests; try again in 7 s.');
  });

  it('429 with Retry-After as an HTTP-date', async () => {
    const at = new Date(Date.now() + 20_000).toUTCString();
    withFaults({ action: { type: 'status', status: 429, headers: { 'Retry-After': at } } });
    const error = await expectAppError(clientFor(service).getBalance());
    expect(error.kind).toBe('rate_limited');
    // toUTCString drops the milliseconds, so up to a second (plus the round trip) is lost.
    expect(error.retryAfterMs).toBeGreaterThan(17_000);
    expect(error.retryAfterMs).toBeLessThanOrEqual(20_000);
  });

  it('429 without Retry-After leaves retryAfterMs undefined', async () => {
    withFaults({ action: { type: 'status', status: 429 } });
    const error = await expectAppError(clientFor(service).getBalance());
    expect(error.kind).toBe('rate_limited');
    expect(error.retryAfterMs).toBeUndefined();
    expect(describeError(error)).toBe('Too many requests; try again in a moment.');
  });

  it.each([500, 503])('%i is a server error with its status', async (status) => {
    withFaults({ action: { type: 'status', status, body: `upstream exploded ${status}` } });
    const error = await expectAppError(clientFor(service).getBalance());
    expect(error.kind).toBe('server_error');
    expect(error.status).toBe(status);
    expect(describeError(error)).toContain(`(HTTP ${status})`);
    expect(error.detail).toBe(`upstream exploded ${status}`);
  });

  it('an HTML error page from a proxy is reduced to its text', async () => {
    withFaults({
      action: {
        type: 'status',
        status: 502,
        body: '<html><head><title>502 Bad Gateway</title></head>\n<body><h1>Bad   Gateway</h1></body></html>',
        headers: { 'Content-Type': 'text/html' },
      },
    });
    const error = await expectAppError(clientFor(service).getBalance());
    expect(error.kind).toBe('server_error');
    expect(error.detail).toBe('502 Bad Gateway Bad Gateway');
  });

  it('another 4xx carries the service text in its detail, which the person reads', async () => {
    service.reset({ accounts: { [DEMO_API_KEY]: 100 }, maxPromptLength: 10 });
    const error = await expectAppError(clientFor(service).generateImage('a prompt that is too long'));
    expect(error.kind).toBe('http_error');
    expect(error.status).toBe(400);
    expect(error.detail).toBe('Field prompt is too long: 25 characters, the maximum is 10');
    expect(describeError(error)).toBe(
      'The service refused the request (HTTP 400). The service said: “Field prompt is too long: 25 characters, the maximum is 10”',
    );
  });

  it('collapses whitespace and truncates a long error body', async () => {
    withFaults({ action: { type: 'status', status: 400, body: `bad\n\n   request ${'z'.repeat(1000)}` } });
    const error = await expectAppError(clientFor(service).getBalance());
    expect(error.detail?.startsWith('bad request zzz')).toBe(true);
    expect(error.detail?.length).toBeLessThanOrEqual(300);
    expect(error.detail?.endsWith('…')).toBe(true);
  });

  it('reads the message out of a JSON error body', async () => {
    withFaults({
      action: {
        type: 'status',
        status: 422,
        body: '{"error":{"code":"bad_ratio","message":"aspect ratio 5:1 unsupported"}}',
        headers: { 'Content-Type': 'application/json' },
      },
    });
    const error = await expectAppError(clientFor(service).getBalance());
    expect(error.kind).toBe('http_error');
    expect(error.detail).toBe('aspect ratio 5:1 unsupported');
  });
});

describe('transport failures', () => {
  it('times out on a service that never answers, quickly', async () => {
    withFaults({ action: { type: 'hang' } });
    const started = Date.now();
    const error = await expectAppError(clientFor(service, { timeoutMs: 300 }).getBalance());
    const elapsed = Date.now() - started;
    expect(error.kind).toBe('timeout');
    expect(describeError(error)).toMatch(/^The service took too long to answer/);
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(2000);
    // The hang must not fall back to the other form: a timeout says nothing about the path.
    expect(requestLines(service)).toEqual(['GET /v1/tokens/balance']);
  });

  it('waits for a slow image as long as the image time-out, while other calls keep the short one', async () => {
    withFaults({ action: { type: 'latency', ms: 600 } });
    const client = clientFor(service, { timeoutMs: 300, imageTimeoutMs: 3_000 });
    expect((await client.generateImage('a slow cat')).url).toMatch(/^http/);
    const balance = await expectAppError(client.getBalance());
    expect(balance.kind).toBe('timeout');
    const video = await expectAppError(
      client.submitVideo({ prompt: 'a slow dog', ...DEFAULT_SETTINGS.videoDefaults }),
    );
    expect(video.kind).toBe('timeout');
    withFaults({ action: { type: 'hang' } });
    const started = Date.now();
    const image = await expectAppError(
      clientFor(service, { timeoutMs: 300, imageTimeoutMs: 1_000 }).generateImage('x'),
    );
    expect(image.kind).toBe('timeout');
    // The image's own time-out, not the short one.
    expect(Date.now() - started).toBeGreaterThanOrEqual(990);
  });

  it('stops when the caller aborts, and says so', async () => {
    withFaults({ action: { type: 'hang' } });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = Date.now();
    const error = await expectAppError(clientFor(service).getBalance({ signal: controller.signal }));
    expect(error.kind).toBe('aborted');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('honours an already aborted client-wide signal without waiting', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await expectAppError(clientFor(service, { signal: controller.signal }).getBalance());
    expect(error.kind).toBe('aborted');
  });

  it('reports a closed port as a network failure with the reason', async () => {
    const gone = await startReferenceService({ port: 0 });
    const url = gone.url;
    await gone.close();
    const error = await expectAppError(clientFor(gone, { baseUrl: `${url}/prefix/` }).getBalance());
    expect(error.kind).toBe('network');
    expect(describeError(error)).toMatch(/^Could not reach the service\./);
    expect(error.detail).toContain('ECONNREFUSED');
  });
});

describe('invalid responses', () => {
  it('malformed JSON', async () => {
    withFaults({ action: { type: 'malformed' } });
    const error = await expectAppError(clientFor(service).getBalance());
    expect(error.kind).toBe('invalid_response');
    expect(describeError(error)).toMatch(
      /^The service sent an answer the extension could not understand\. Details: /,
    );
    expect(error.detail).toBe('{"tokensBalance": 12, "url": "htt');
  });

  it('an HTML page with status 200', async () => {
    withFaults({ action: { type: 'html200' } });
    const error = await expectAppError(clientFor(service).generateImage('a cat'));
    expect(error.kind).toBe('invalid_response');
    expect(error.detail).toMatch(/^A web page, not JSON: /);
    expect(error.status).toBe(200);
  });

  it('JSON of the wrong shape names the field', async () => {
    withFaults({
      count: 1,
      action: {
        type: 'status',
        status: 200,
        body: '{"tokensBalance":"12"}',
        headers: { 'Content-Type': 'application/json' },
      },
    });
    const error = await expectAppError(clientFor(service).getBalance());
    expect(error.kind).toBe('invalid_response');
    expect(error.detail).toContain('"tokensBalance"');
    expect(error.detail).toContain('expected number');
  });

  it('JSON that is not an object', async () => {
    withFaults({
      action: { type: 'status', status: 200, body: '[1,2]', headers: { 'Content-Type': 'application/json' } },
    });
    const error = await expectAppError(clientFor(service).getBalance());
    expect(error.kind).toBe('invalid_response');
    expect(error.detail).toBe('The answer to the balance request is not a JSON object.');
  });

  it('an empty 200 body', async () => {
    withFaults({ action: { type: 'status', status: 200, body: '' } });
    const error = await expectAppError(clientFor(service).getBalance());
    expect(error.kind).toBe('invalid_response');
    expect(error.detail).toBe('The answer is empty.');
  });

  it('a submission without an id', async () => {
    withFaults({
      action: {
        type: 'status',
        status: 200,
        body: '{"id":"","status":"queued"}',
        headers: { 'Content-Type': 'application/json' },
      },
    });
    const error = await expectAppError(
      clientFor(service).submitVideo({
        prompt: 'x',
        duration: 4,
        resolution: '480p',
        aspectRatio: '1:1',
        generateAudio: false,
      }),
    );
    expect(error.kind).toBe('invalid_response');
    expect(error.detail).toBe('"id": Too small: expected string to have >=1 characters');
  });

  it('an empty image URL points at model id, prompt or balance (section 7)', async () => {
    const error = await expectAppError(clientFor(service).generateImage('[empty] a vase'));
    expect(error.kind).toBe('no_result');
    expect(describeError(error)).toBe(
      'The service finished without an image or video and gave no reason. The model id, the prompt or the credit balance may be invalid.',
    );
  });

  it.each([
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    '/files/images/relative.png',
    'ftp://example.com/a.png',
  ])('rejects the image URL %s', async (imageUrlOverride) => {
    service.reset({ accounts: { [DEMO_API_KEY]: 100 }, imageUrlOverride });
    const error = await expectAppError(clientFor(service).generateImage('a cat'));
    expect(error.kind).toBe('invalid_response');
    expect(error.detail).toBe(`Not an http(s) image URL: ${imageUrlOverride}`);
  });

  it('refuses a body over 1 MB announced by Content-Length', async () => {
    withFaults({
      action: { type: 'status', status: 200, body: `{"tokensBalance":1,"pad":"${'p'.repeat(1_100_000)}"}` },
    });
    const error = await expectAppError(clientFor(service).getBalance());
    expect(error.kind).toBe('invalid_response');
    expect(error.detail).toBe('The answer is larger than 1 MB.');
  });
});

describe('endless body without Content-Length', () => {
  let endless: Server;
  let endlessUrl: string;

  beforeAll(async () => {
    // Streams JSON-looking data forever; the client must give up at the size limit rather than hang.
    endless = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"tokensBalance":1,"pad":"');
      const chunk = 'q'.repeat(64 * 1024);
      const pump = (): void => {
        while (res.write(chunk)) {
          /* keep filling until the socket pushes back */
        }
        res.once('drain', pump);
      };
      pump();
      res.on('close', () => res.removeAllListeners('drain'));
    });
    await new Promise<void>((resolve) => endless.listen(0, '127.0.0.1', resolve));
    const address = endless.address();
    if (address === null || typeof address === 'string') throw new Error('no TCP address');
    endlessUrl = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    endless.closeAllConnections();
    await new Promise<void>((resolve) => endless.close(() => resolve()));
  });

  it('gives up at the size limit', async () => {
    const started = Date.now();
    const error = await expectAppError(clientFor(service, { baseUrl: endlessUrl }).getBalance());
    expect(error.kind).toBe('invalid_response');
    expect(error.detail).toBe('The answer is larger than 1 MB.');
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe('serialisable error info', () => {
  it('a real service error round-trips through JSON', async () => {
    withFaults({ action: { type: 'status', status: 429, body: 'busy', headers: { 'Retry-After': '3' } } });
    const info = await expectAppError(clientFor(service).getBalance());
    expect(info).toEqual({
      kind: 'rate_limited',
      message: info.message,
      status: 429,
      retryAfterMs: 3000,
      detail: 'busy',
      url: `${service.url}/v1/tokens/balance`,
    });
    // As a reply carries it (router.ts) and a page rethrows it (send.ts).
    expect(
      AppError.from(errorInfoSchema.parse(JSON.parse(JSON.stringify(AppError.from(info))))).info,
    ).toEqual(info);
  });
});
