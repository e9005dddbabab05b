// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { mentionsInsufficientCredits } from '../../../utils/api/failures';
import { interpretJob, normaliseStatus } from '../../../utils/api/job-status';
import { MAX_RETRY_AFTER_MS, parseRetryAfter } from '../../../utils/api/retry-after';
import { promptSchema, videoOptionsSchema } from '../../../utils/api/schemas';
import { joinUrl } from '../../../utils/api/urls';
import { describeError } from '../../../utils/describe-error';
import { AppError, toErrorInfo } from '../../../utils/error-info';
import { errorInfoSchema } from '../../../utils/errors';
import { parseHttpUrl } from '../../../utils/http-url';
import { baseUrlProblem, isConfigured } from '../../../utils/validation';

describe('normaliseStatus', () => {
  it.each([
    ['completed', 'completed'],
    ['succeeded', 'completed'],
    ['success', 'completed'],
    ['done', 'completed'],
    ['finished', 'completed'],
    ['failed', 'failed'],
    ['failure', 'failed'],
    ['error', 'failed'],
    ['errored', 'failed'],
    ['cancelled', 'failed'],
    ['canceled', 'failed'],
    ['expired', 'failed'],
    ['rejected', 'failed'],
    ['queued', 'running'],
    ['processing', 'running'],
    ['running', 'running'],
    ['pending', 'running'],
    ['in_progress', 'running'],
    ['rendering-frames', 'running'],
    ['', 'running'],
    ['  COMPLETED  ', 'completed'],
    ['Succeeded', 'completed'],
    ['\tFailed\n', 'failed'],
    ['CANCELED', 'failed'],
    [' Queued ', 'running'],
    ['not completed', 'running'],
  ] as const)('%j -> %s', (raw, expected) => {
    expect(normaliseStatus(raw)).toBe(expected);
  });
});

describe('interpretJob', () => {
  it('queued without videoUrls is running and not an error', () => {
    expect(interpretJob({ id: 'j1', status: 'queued' }, 'j1')).toEqual({
      id: 'j1',
      status: 'running',
      rawStatus: 'queued',
      videoUrls: [],
    });
  });

  it('falls back to the requested id when the record has none', () => {
    expect(interpretJob({ status: 'queued' }, 'asked').id).toBe('asked');
  });

  it('completed with URLs keeps the usable ones, deduplicated', () => {
    const job = interpretJob(
      {
        status: 'done',
        videoUrls: ['https://a.example/1.mp4', 42, 'https://a.example/1.mp4', ' http://b.example/2 '],
      },
      'j',
    );
    expect(job.status).toBe('completed');
    expect(job.videoUrls).toEqual(['https://a.example/1.mp4', 'http://b.example/2']);
  });

  it('completed without URLs becomes failed with no result (the section 7 hint)', () => {
    expect(interpretJob({ status: 'completed', videoUrls: null }, 'j')).toMatchObject({
      status: 'failed',
      rawStatus: 'completed',
      errorKind: 'no_result',
    });
  });

  it('failed uses the service reason from error, message or reason, else the hint', () => {
    expect(interpretJob({ status: 'failed', error: '  GPU   melted ' }, 'j').error).toBe('GPU melted');
    expect(interpretJob({ status: 'error', error: { message: 'nested why' } }, 'j').error).toBe('nested why');
    expect(interpretJob({ status: 'failed', message: 'via message' }, 'j').error).toBe('via message');
    expect(interpretJob({ status: 'expired', reason: 'too old' }, 'j').error).toBe('too old');
    expect(interpretJob({ status: 'failed', error: 404 }, 'j')).toMatchObject({ errorKind: 'no_result' });
    expect(interpretJob({ status: 'failed', error: 404 }, 'j').error).toBeUndefined();
    expect(
      interpretJob({ status: 'failed', error: 'x'.repeat(1000) }, 'j').error?.length,
    ).toBeLessThanOrEqual(300);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2030-01-01T00:00:00Z');

  it.each([
    ['0', 0],
    ['7', 7000],
    [' 120 ', 120_000],
    ['1.5', 1500],
    ['Tue, 01 Jan 2030 00:00:30 GMT', 30_000],
    ['Tuesday, 01-Jan-30 00:01:00 GMT', 60_000],
    ['Tue Jan  1 00:00:05 2030', 5000],
    ['Mon, 31 Dec 2029 23:59:00 GMT', 0],
    ['99999999', MAX_RETRY_AFTER_MS],
  ] as const)('%j -> %i ms', (value, expected) => {
    expect(parseRetryAfter(value, now)).toBe(expected);
  });

  it.each([null, undefined, '', '   ', '-5', 'soon', '5s', 'Tue, 99 Foo 2030'])(
    '%j -> undefined',
    (value) => {
      expect(parseRetryAfter(value, now)).toBeUndefined();
    },
  );
});

describe('input schemas', () => {
  it('prompt: trimmed, non-empty, at most 4000 characters', () => {
    expect(promptSchema.parse('  hello ')).toBe('hello');
    expect(promptSchema.safeParse('   ').error?.issues.map((issue) => issue.message)).toEqual([
      'Enter a prompt.',
    ]);
    expect(promptSchema.safeParse('a'.repeat(4001)).error?.issues[0]?.message).toBe(
      'The prompt is 4,001 characters long; the limit is 4,000.',
    );
    expect(promptSchema.safeParse(` ${'a'.repeat(4000)} `).success).toBe(true);
    expect(promptSchema.safeParse(42).error?.issues[0]?.message).toBe('Enter a prompt.');
  });

  it('video options: integer duration 1..60, 720p, 16:9, boolean audio', () => {
    const ok = { duration: 5, resolution: '1080p', aspectRatio: '9:16', generateAudio: true };
    expect(videoOptionsSchema.parse(ok)).toEqual(ok);
    const bad = (patch: Record<string, unknown>) => videoOptionsSchema.safeParse({ ...ok, ...patch }).success;
    expect(bad({ duration: 0 })).toBe(false);
    expect(bad({ duration: 61 })).toBe(false);
    expect(bad({ duration: 2.5 })).toBe(false);
    expect(bad({ duration: '5' })).toBe(false);
    expect(bad({ resolution: '720' })).toBe(false);
    expect(bad({ resolution: '72p' })).toBe(false);
    expect(bad({ resolution: '12345p' })).toBe(false);
    expect(bad({ aspectRatio: '16/9' })).toBe(false);
    expect(bad({ aspectRatio: '160:9' })).toBe(false);
    expect(bad({ generateAudio: 'yes' })).toBe(false);
    expect(bad({ duration: 60, resolution: '480p', aspectRatio: '1:1' })).toBe(true);
  });
});

describe('errors', () => {
  it('AppError carries its info, drops absent fields and serialises to the schema', () => {
    const error = new AppError('server_error', 'boom', {
      status: 503,
      detail: 'down',
      retryAfterMs: undefined,
    });
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe('boom');
    expect(toErrorInfo(error)).toStrictEqual({
      kind: 'server_error',
      message: 'boom',
      status: 503,
      detail: 'down',
    });
    expect(errorInfoSchema.parse(JSON.parse(JSON.stringify(error)))).toStrictEqual(error.info);
    expect(AppError.from(error.info).info).toStrictEqual(error.info);
  });

  it('toErrorInfo calls a refused storage write "storage full"', () => {
    expect(toErrorInfo(new Error('QUOTA_BYTES quota exceeded')).kind).toBe('storage_full');
  });

  it('toErrorInfo turns anything into the serialisable shape', () => {
    const cases: unknown[] = [
      new Error('disk on fire'),
      'plain string',
      42,
      null,
      undefined,
      { weird: true },
      // Replies cross contexts as AppErrors (messaging/send.ts); a plain info thrown is a bug, not a reply.
      { kind: 'timeout', message: 'slow' },
    ];
    for (const value of cases) {
      const info = toErrorInfo(value);
      expect(info.kind).toBe('unexpected');
      expect(errorInfoSchema.safeParse(info).success).toBe(true);
    }
    expect(toErrorInfo(new Error('disk on fire')).message).toBe('disk on fire');
    expect(toErrorInfo('plain string').message).toBe('plain string');
    // Worded once: "Something went wrong: disk on fire", not the words twice over.
    expect(describeError(toErrorInfo(new Error('disk on fire')))).toBe('Something went wrong: disk on fire');
  });

  it('recognises insufficient-credit wording', () => {
    for (const text of [
      'Insufficient credits',
      'insufficient_token_balance',
      'not enough tokens',
      'Not enough credits on account',
      '{"code":"INSUFFICIENT_BALANCE"}',
      'Your credit balance is too low',
      'insufficientCredits',
    ]) {
      expect(mentionsInsufficientCredits(text), text).toBe(true);
    }
    for (const text of ['prompt too long', 'insufficient permissions', 'Enough credits', 'token expired']) {
      expect(mentionsInsufficientCredits(text), text).toBe(false);
    }
  });
});

describe('URLs', () => {
  it('accepts only absolute http(s) URLs', () => {
    expect(parseHttpUrl('https://x.example/a b')?.href).toBe('https://x.example/a%20b');
    for (const value of ['', '  ', 'javascript:alert(1)', 'data:,x', '/rel', 'rel.png', 'ftp://x', 7, null]) {
      expect(parseHttpUrl(value), String(value)).toBeUndefined();
    }
    expect(parseHttpUrl(`https://x.example/${'a'.repeat(9000)}`)).toBeUndefined();
  });

  it('the settings form refuses what the client could not call, with the reason', () => {
    expect(baseUrlProblem('ftp://files.example')).toEqual({ code: 'base_url_invalid' });
    expect(baseUrlProblem('http://api.example')).toEqual({ code: 'base_url_insecure' });
    expect(baseUrlProblem('http://127.0.0.1:8787/')).toBeUndefined();
    expect(baseUrlProblem('https://u:p@api.example')).toEqual({ code: 'base_url_invalid' });
  });

  it('a service is configured only with both a URL and a key', () => {
    expect(isConfigured('https://api.example', true)).toBe(true);
    expect(isConfigured('  ', true)).toBe(false);
    expect(isConfigured('https://api.example', false)).toBe(false);
  });

  it('joins base URLs with prefixes and trailing slashes', () => {
    const join = (base: string, path: string) => joinUrl(new URL(base), path);
    expect(join('https://h.example', '/v1/x')).toBe('https://h.example/v1/x');
    expect(join('https://h.example/', '/v1/x')).toBe('https://h.example/v1/x');
    expect(join('https://h.example/svc', '/v1/x')).toBe('https://h.example/svc/v1/x');
    expect(join('https://h.example/svc//', '/v1/x')).toBe('https://h.example/svc/v1/x');
    expect(join('https://h.example:8443/a/b/?q=1#f', '/v1/videos/a%2Fb')).toBe(
      'https://h.example:8443/a/b/v1/videos/a%2Fb',
    );
  });
});
