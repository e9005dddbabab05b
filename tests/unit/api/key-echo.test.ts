// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { REDACTED } from '../../../utils/api/redact';
import { type ErrorInfo, toErrorInfo } from '../../../utils/error-info';
import type { FaultRule } from '../../reference-service/server';
import { referenceServiceForFile } from '../support/reference-service';
import { clientFor, expectAppError } from './helpers';

// Distinctive, so any trace of it (or of a cut-off piece of it) is certainly an echo.
const KEY = 'pc-live-Zx81Qm4Tt7Kd2Wv9';
const service = referenceServiceForFile({ accounts: { [KEY]: 100 } });
const client = () => clientFor(service, { apiKey: KEY });

const JSON_TYPE = { 'Content-Type': 'application/json' };
const VIDEO = {
  prompt: 'a ferry',
  duration: 5,
  resolution: '720p',
  aspectRatio: '16:9',
  generateAudio: false,
};

function answer(status: number, body: string, headers: Record<string, string> = {}): FaultRule {
  return { action: { type: 'status', status, body, headers } };
}

/** No piece of the key of 8 characters or more, in any case, anywhere in the error as stored or logged. */
function expectNoKeyIn(error: ErrorInfo): void {
  const text = JSON.stringify(toErrorInfo(error)).toLowerCase();
  for (let start = 0; start + 8 <= KEY.length; start++) {
    expect(text).not.toContain(KEY.slice(start, start + 8).toLowerCase());
  }
}

/** Each character as a JSON \u escape: the raw body never spells the key, its parsed value does. */
const escaped = (text: string) =>
  [...text].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');

describe('error bodies that quote the key', () => {
  it.each([
    ['401 text', answer(401, 'Unauthorized: {{apiKey}} is not a valid key'), 'unauthorized'],
    [
      '402 JSON',
      answer(402, '{"error":"No credits left for key {{apiKey}}"}', JSON_TYPE),
      'insufficient_credits',
    ],
    ['500 JSON', answer(500, '{"message":"crash while serving {{apiKey}}"}', JSON_TYPE), 'server_error'],
    ['500 HTML', answer(500, '<html><body><p>key={{apiKey}}</p></body></html>'), 'server_error'],
    ['400 in other letter case', answer(400, `bad key ${KEY.toUpperCase()}`), 'http_error'],
    ['500 JSON-escaped', answer(500, `{"error":"${escaped(KEY)} broke"}`, JSON_TYPE), 'server_error'],
  ])('%s: the detail and message say •••• instead', async (_label, fault, kind) => {
    service.configure({ faults: [fault] });
    const error = await expectAppError(client().getBalance());
    expect(error.kind).toBe(kind);
    expect(error.detail).toContain(REDACTED);
    expectNoKeyIn(error);
  });

  it('a key cut by the 300-character summary leaves no piece of it behind', async () => {
    for (const pad of [280, 285, 290, 295]) {
      service.configure({ faults: [answer(500, `${'x'.repeat(pad)} {{apiKey}} and more`)] });
      const error = await expectAppError(client().getBalance());
      expect(error.detail?.length).toBeLessThanOrEqual(300);
      expectNoKeyIn(error);
    }
  });

  it('a 200 answer that is not JSON, or is HTML, keeps no key in its detail', async () => {
    for (const body of ['tokens={{apiKey}}', '<!doctype html><p>{{apiKey}}</p>']) {
      service.configure({ faults: [answer(200, body)] });
      const error = await expectAppError(client().getBalance());
      expect(error.kind).toBe('invalid_response');
      expect(error.detail).toContain(REDACTED);
      expectNoKeyIn(error);
    }
  });
});

describe('answers that quote the key', () => {
  it('a job status word is redacted', async () => {
    service.configure({ jobStatusOverride: 'queued for {{apiKey}}' });
    const submitted = await client().submitVideo(VIDEO);
    const job = await client().getVideoJob(submitted.id);
    expect(job.rawStatus).toBe(`queued for ${REDACTED}`);
    expect(job.status).toBe('running');
  });

  it('a failed job reason is redacted', async () => {
    service.configure({
      faults: [answer(200, '{"status":"failed","error":{"message":"key {{apiKey}} banned"}}', JSON_TYPE)],
    });
    const job = await client().getVideoJob('vid_1');
    expect(job).toMatchObject({ status: 'failed', error: `key ${REDACTED} banned` });
  });

  it('an image URL carrying the key is refused, not stored', async () => {
    for (const url of [
      `${service.url}/files/{{apiKey}}.png`,
      `${service.url}/files/x.png?k=${encodeURIComponent(KEY).replace(/-/g, '%2D')}`,
    ]) {
      service.configure({ imageUrlOverride: url });
      const error = await expectAppError(client().generateImage('a lighthouse'));
      expect(error.kind).toBe('invalid_response');
      expect(error.detail).toBe('"url" contains the API key');
      expectNoKeyIn(error);
    }
  });

  it('a video URL carrying the key is refused, even next to good ones', async () => {
    service.configure({
      videoDurationMs: 0,
      videoUrlOverride: [`${service.url}/files/videos/ok.webm`, `${service.url}/files/{{apiKey}}.webm`],
    });
    const submitted = await client().submitVideo(VIDEO);
    const error = await expectAppError(client().getVideoJob(submitted.id));
    expect(error.kind).toBe('invalid_response');
    expect(error.detail).toBe('"videoUrls" contains the API key');
    expectNoKeyIn(error);
  });

  it('a job id carrying the key is refused', async () => {
    service.configure({ faults: [answer(200, '{"id":"job-{{apiKey}}","status":"queued"}', JSON_TYPE)] });
    const error = await expectAppError(client().submitVideo(VIDEO));
    expect(error.kind).toBe('invalid_response');
    expect(error.detail).toBe('"id" contains the API key');
  });

  it('text that only resembles the key is left alone', async () => {
    service.configure({ jobStatusOverride: `queued ${KEY.slice(0, -1)}` });
    const submitted = await client().submitVideo(VIDEO);
    expect((await client().getVideoJob(submitted.id)).rawStatus).toBe(`queued ${KEY.slice(0, -1)}`);
  });
});
