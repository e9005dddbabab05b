import { afterEach, describe, expect, it } from 'vitest';
import { en } from 'zod/locales';
import * as z from 'zod/mini';
import { englishIssues } from '@/utils/api/zod-messages';

const cases: Array<[string, z.ZodMiniType, unknown]> = [
  ['a string for a number', z.number(), 'seven'],
  ['null for an object', z.object({ url: z.string() }), null],
  ['an array for a string', z.string(), []],
  ['Infinity for an integer', z.int(), Number.POSITIVE_INFINITY],
  ['a missing field', z.object({ id: z.string() }), {}],
  ['one literal', z.literal('promptcast-history'), 'other'],
  ['an enum', z.enum(['image', 'video']), 'audio'],
  ['a long string', z.string().check(z.maxLength(3)), 'abcd'],
  ['an empty string', z.string().check(z.minLength(1)), ''],
  ['too many items', z.array(z.string()).check(z.maxLength(1)), ['a', 'b']],
  ['a negative number', z.number().check(z.nonnegative()), -1],
  ['a big number', z.number().check(z.lt(10)), 10],
];

function messages(schema: z.ZodMiniType, input: unknown): string[] {
  const result = z.safeParse(schema, input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('the English issue messages', () => {
  afterEach(() => {
    z.config({ localeError: englishIssues });
  });

  it.each(cases)('say what zod’s English locale says for %s', (_name, schema, input) => {
    z.config({ localeError: englishIssues });
    const ours = messages(schema, input);
    z.config(en());
    expect(ours).toEqual(messages(schema, input));
    expect(ours.length).toBeGreaterThan(0);
  });
});
