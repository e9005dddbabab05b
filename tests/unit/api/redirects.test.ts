// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { describeError } from '../../../utils/describe-error';
import { toErrorInfo } from '../../../utils/error-info';
import { DEMO_API_KEY, type FaultRule } from '../../reference-service/server';
import { referenceServiceForFile } from '../support/reference-service';
import { clientFor, expectAppError, requestLines } from './helpers';

const service = referenceServiceForFile();

function redirectTo(location: string, status: 301 | 302 | 303 | 307 | 308, count?: number): FaultRule {
  return { action: { type: 'redirect', status, location }, ...(count === undefined ? {} : { count }) };
}

describe('a redirect from the service', () => {
  it.each([301, 302, 303, 307, 308] as const)(
    '%i to another origin is refused: the key never reaches it',
    async (status) => {
      service.configure({ faults: [redirectTo(`${service.attacker.url}/collect`, status)] });
      const client = clientFor(service);

      const balance = await expectAppError(client.getBalance());
      const image = await expectAppError(client.generateImage('a harbour at dusk'));

      for (const error of [balance, image]) {
        expect(error.kind).toBe('redirect');
        expect(error.status).toBe(status);
        expect(error.detail).toBe(`${service.attacker.url}/collect`);
        expect(describeError(error)).toBe(
          `The service answered with a redirect to ${service.attacker.url}/collect; check the service URL.`,
        );
      }
      expect(service.attacker.requests()).toEqual([]);
      // One request each: no retry under the other path form, since a redirect is not a missing endpoint.
      expect(requestLines(service)).toEqual(['GET /v1/tokens/balance', 'POST /v1/images/generate']);
    },
  );

  it('to the same origin is refused too, since a browser never shows where it points', async () => {
    // Followed once, the second request would succeed: the fault answers only the first.
    service.configure({ faults: [redirectTo('/v1/tokens/balance', 302, 1)] });
    const error = await expectAppError(clientFor(service).getBalance());
    expect(error.kind).toBe('redirect');
    expect(error.detail).toBe(`${service.url}/v1/tokens/balance`);
    expect(requestLines(service)).toEqual(['GET /v1/tokens/balance']);
  });

  it('while polling a video job is refused, and the job id is not sent elsewhere', async () => {
    service.configure({
      faults: [
        { method: 'GET', pathPrefix: '/v1/videos/', ...redirectTo(`${service.attacker.url}/v1/x`, 307) },
      ],
    });
    const client = clientFor(service);
    const job = await client.submitVideo({
      prompt: 'a ferry',
      duration: 5,
      resolution: '720p',
      aspectRatio: '16:9',
      generateAudio: false,
    });
    const error = await expectAppError(client.getVideoJob(job.id));
    expect(error.kind).toBe('redirect');
    expect(service.attacker.requests()).toEqual([]);
  });

  it('names no target when the Location header is missing, and never repeats the key from it', async () => {
    service.configure({
      faults: [
        { count: 1, action: { type: 'status', status: 302, body: 'moved' } },
        redirectTo(`${service.attacker.url}/?k={{apiKey}}`, 302),
      ],
    });
    const client = clientFor(service);
    const bare = await expectAppError(client.getBalance());
    expect(bare.kind).toBe('redirect');
    expect(bare.detail).toBeUndefined();
    expect(describeError(bare)).toContain('a redirect to another address');

    const echoed = await expectAppError(client.getBalance());
    expect(echoed.detail).toBe(`${service.attacker.url}/?k=••••`);
    expect(JSON.stringify(toErrorInfo(echoed))).not.toContain(DEMO_API_KEY);
  });
});
