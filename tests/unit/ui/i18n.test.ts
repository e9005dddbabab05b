import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { describeError } from '@/utils/describe-error';
import { ERROR_KINDS, type ErrorInfo, type ErrorKind } from '@/utils/error-info';
import { describeProblem, formatCredits, t, uiLanguage, wordKey } from '@/utils/i18n';
import type { Problem } from '@/utils/validation';
import { chromeGetMessage, readMessages } from './locales';

function useLocale(locale: 'en' | 'de', uiLanguage: string) {
  // t() keeps each message it was given by one getMessage (a page's locale never changes while it is
  // open): another locale is another getMessage, not the same spy answering differently.
  vi.restoreAllMocks();
  const get = chromeGetMessage(readMessages(locale));
  vi.spyOn(fakeBrowser.i18n, 'getMessage').mockImplementation(get as typeof fakeBrowser.i18n.getMessage);
  vi.spyOn(fakeBrowser.i18n, 'getUILanguage').mockReturnValue(uiLanguage);
}

beforeEach(() => useLocale('en', 'en-US'));
afterEach(() => vi.restoreAllMocks());

describe('t', () => {
  it('reads the message and fills placeholders, formatting numbers for the UI language', () => {
    expect(t('promptCounter', [1234, 4000])).toBe('1,234 / 4,000 characters');
    useLocale('de', 'de-DE');
    expect(t('promptCounter', [1234, 4000])).toBe('1.234 / 4.000 Zeichen');
  });

  it('accepts a single substitution', () => {
    expect(t('notifyVideosReadyTitle', 3)).toBe('3 videos ready');
  });

  it('asks the browser once for each message without placeholders, however often it is shown', () => {
    const asked = vi.spyOn(fakeBrowser.i18n, 'getMessage');
    for (let row = 0; row < 200; row++) expect(t('kindVideo')).toBe('Video');
    expect(asked.mock.calls.filter(([key]) => key === 'kindVideo')).toHaveLength(1);
    expect(t('notifyVideosReadyTitle', 2)).toBe('2 videos ready');
    expect(t('notifyVideosReadyTitle', 3)).toBe('3 videos ready');
  });

  it('falls back to the key when the browser has no such message', () => {
    vi.spyOn(fakeBrowser.i18n, 'getMessage').mockReturnValue('');
    expect(t('extName')).toBe('extName');
  });
});

describe('uiLanguage', () => {
  it('is the browser language when there is a translation for it', () => {
    useLocale('de', 'de-AT');
    expect(uiLanguage()).toBe('de-AT');
    useLocale('en', 'en-GB');
    expect(uiLanguage()).toBe('en-GB');
  });

  it('is the language of the text shown when the browser language has no translation', () => {
    useLocale('en', 'fr-FR');
    expect(uiLanguage()).toBe('en');
    useLocale('de', 'en-US');
    expect(uiLanguage()).toBe('de');
  });

  it('is English where no browser API answers', () => {
    vi.spyOn(fakeBrowser.i18n, 'getUILanguage').mockImplementation(() => {
      throw new Error('not implemented');
    });
    vi.spyOn(fakeBrowser.i18n, 'getMessage').mockReturnValue('');
    expect(uiLanguage()).toBe('en');
  });
});

describe('formatCredits', () => {
  it('says credit or credits', () => {
    expect(formatCredits(1)).toBe('1 credit');
    expect(formatCredits(0)).toBe('0 credits');
    expect(formatCredits(1000)).toBe('1,000 credits');
  });
});

const info = (kind: ErrorKind, extra: Partial<ErrorInfo> = {}): ErrorInfo => ({
  kind,
  message: `ENGLISH FALLBACK for ${kind}`,
  ...extra,
});

describe('describeError', () => {
  it('gives every kind its own wording rather than the fallback text', () => {
    const texts = ERROR_KINDS.map((kind) => describeError(info(kind)));
    for (const [index, text] of texts.entries()) {
      const kind = ERROR_KINDS[index] ?? '';
      if (kind === 'unexpected' || kind === 'invalid_request' || kind === 'invalid_input') continue; // these quote the message on purpose
      expect(text, kind).not.toContain('ENGLISH FALLBACK');
      expect(text, kind).not.toMatch(/^error[A-Z]/);
    }
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('words the common failures specifically', () => {
    expect(describeError(info('unauthorized'))).toBe(
      'The service rejected the API key. Check it in the options.',
    );
    expect(describeError(info('not_configured'))).toBe('Set the service URL and API key in the options.');
    expect(describeError(info('no_permission'))).toBe('Allow access to the service in the options.');
    expect(describeError(info('network'))).toMatch(/^Could not reach the service\./);
    expect(describeError(info('server_error', { status: 500 }))).toBe(
      'The service had a problem (HTTP 500). Try again later.',
    );
    // Without a status, the sentence that does not name one; the service's words follow either.
    expect(describeError(info('server_error'))).toBe('The service had a problem. Try again later.');
    expect(describeError(info('http_error'))).toBe('The service refused the request.');
    expect(describeError(info('rate_limited', { retryAfterMs: 12_300 }))).toBe(
      'Too many requests; try again in 13 s.',
    );
    expect(describeError(info('rate_limited'))).toBe('Too many requests; try again in a moment.');
    expect(describeError(info('timeout'))).toMatch(/took too long/);
    expect(describeError(info('job_timeout'))).toMatch(/job time-out/);
  });

  it('warns that interrupted work may have been charged for, in English and German', () => {
    expect(describeError(info('interrupted'))).toMatch(/may still have charged for it: check your balance/);
    useLocale('de', 'de-DE');
    expect(describeError(info('interrupted'))).toMatch(
      /möglicherweise trotzdem berechnet: Prüfen Sie Ihr Guthaben/,
    );
  });

  it('names the redirect target when it is known, in English and German', () => {
    const target = 'https://login.example.com/';
    expect(describeError(info('redirect', { detail: target }))).toBe(
      `The service answered with a redirect to ${target}; check the service URL.`,
    );
    expect(describeError(info('redirect'))).toBe(
      'The service answered with a redirect to another address; check the service URL.',
    );
    useLocale('de', 'de-DE');
    expect(describeError(info('redirect'))).toBe(
      'Der Dienst hat mit einer Weiterleitung zu einer anderen Adresse geantwortet; prüfen Sie die Dienst-URL.',
    );
  });

  it('tells how many credits there are, with the service’s own words', () => {
    expect(
      describeError(info('insufficient_credits', { balance: 0, detail: 'Insufficient credits: cost 1' })),
    ).toBe('Not enough credits: you have 0 credits. The service said: “Insufficient credits: cost 1”');
    expect(describeError(info('insufficient_credits', { balance: 1 }))).toBe(
      'Not enough credits: you have 1 credit.',
    );
    expect(describeError(info('insufficient_credits'))).toMatch(/^Not enough credits for this request\./);
  });

  it('adds details where they help and keeps them short', () => {
    expect(describeError(info('invalid_response', { detail: 'missing field url' }))).toBe(
      'The service sent an answer the extension could not understand. Details: missing field url',
    );
    expect(describeError(info('http_error', { status: 422, detail: 'prompt   too\nlong' }))).toBe(
      'The service refused the request (HTTP 422). The service said: “prompt too long”',
    );
    expect(describeError(info('job_failed', { detail: 'content policy' }))).toBe(
      'The service could not generate the video. Reason: content policy',
    );
    const long = describeError(info('http_error', { status: 400, detail: 'x'.repeat(2000) }));
    expect(long.length).toBeLessThan(400);
    expect(long.endsWith('…”')).toBe(true);
  });

  it('quotes the message for unexpected failures', () => {
    expect(describeError(info('unexpected', { message: 'boom' }))).toBe('Something went wrong: boom');
  });

  it('speaks German', () => {
    useLocale('de', 'de-DE');
    expect(describeError(info('insufficient_credits', { balance: 1500 }))).toBe(
      'Nicht genug Credits: Sie haben 1.500 Credits.',
    );
    expect(describeError(info('server_error', { status: 503 }))).toContain('HTTP 503');
  });

  it('falls back to the English message for a kind it does not know', () => {
    const unknown = { kind: 'from_the_future', message: 'Something new happened.' } as unknown as ErrorInfo;
    expect(describeError(unknown)).toBe('Something new happened.');
  });
});

describe('describeProblem', () => {
  // Keyed by code, so a problem added to validation.ts fails to compile here until it is listed.
  const everyProblem: { [C in Problem['code']]: Extract<Problem, { code: C }> } = {
    prompt_empty: { code: 'prompt_empty' },
    prompt_too_long: { code: 'prompt_too_long', length: 20_000, max: 4000 },
    duration_invalid: { code: 'duration_invalid', min: 1, max: 60 },
    resolution_invalid: { code: 'resolution_invalid' },
    aspect_ratio_invalid: { code: 'aspect_ratio_invalid' },
    base_url_invalid: { code: 'base_url_invalid' },
    base_url_insecure: { code: 'base_url_insecure' },
    model_field_invalid: { code: 'model_field_invalid' },
    model_id_invalid: { code: 'model_id_invalid', max: 64 },
    model_id_twice: { code: 'model_id_twice', id: 'flux-pro' },
    model_name_invalid: { code: 'model_name_invalid', max: 20 },
    api_key_empty: { code: 'api_key_empty' },
    api_key_unsendable: { code: 'api_key_unsendable' },
    batch_too_many: { code: 'batch_too_many', count: 21, max: 20 },
    compare_too_many: { code: 'compare_too_many', prompts: 4, models: 6, count: 24, max: 20 },
    batch_line_too_long: { code: 'batch_line_too_long', line: 3, length: 5000, max: 4000 },
    variations_unbalanced: { code: 'variations_unbalanced' },
    variations_too_many: { code: 'variations_too_many', count: 128, max: 100 },
    variations_too_deep: { code: 'variations_too_deep', max: 20 },
    file_name_placeholder_unknown: {
      code: 'file_name_placeholder_unknown',
      placeholder: '{when}',
      known: '{date}, {time}',
    },
    file_name_template_length: { code: 'file_name_template_length', max: 200 },
  };
  const problems: Problem[] = Object.values(everyProblem);

  it('each problem has the message named after its code, whose placeholders are its fields in order', () => {
    const en = readMessages('en');
    for (const { code, ...fields } of problems) {
      const message = en[wordKey('problem', code)];
      expect(message, code).toBeDefined();
      expect(Object.keys(message?.placeholders ?? {}), code).toEqual(
        Object.keys(fields).map((field) => field.toLowerCase()),
      );
    }
  });

  it('words each problem, with the numbers', () => {
    expect(describeProblem({ code: 'prompt_empty' })).toBe('Enter a prompt.');
    expect(describeProblem({ code: 'prompt_too_long', length: 20_000, max: 4000 })).toBe(
      'The prompt is 20,000 characters long; the limit is 4,000.',
    );
    expect(describeProblem({ code: 'duration_invalid', min: 1, max: 60 })).toBe(
      'Duration must be a whole number of seconds from 1 to 60.',
    );
    expect(describeProblem({ code: 'variations_unbalanced' })).toBe(
      'A brace is not closed (or one is closed that was never opened). Write \\{ for a literal brace.',
    );
    expect(describeProblem({ code: 'variations_too_many', count: 1_000_000_000, max: 100 })).toBe(
      'These variations make 1,000,000,000 prompts; at most 100 can be sent at once.',
    );
    expect(describeProblem({ code: 'variations_too_deep', max: 20 })).toBe(
      'Variations are nested more than 20 deep.',
    );
  });

  it('has German wording for each problem', () => {
    const english = problems.map((problem) => describeProblem(problem));
    useLocale('de', 'de-DE');
    problems.forEach((problem, index) => {
      expect(describeProblem(problem)).not.toBe(english[index]);
    });
    expect(describeProblem({ code: 'prompt_too_long', length: 20_000, max: 4000 })).toContain('20.000');
  });
});
