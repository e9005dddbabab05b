import type * as z from 'zod/mini';

/**
 * zod/mini ships without messages. These name what was expected, worded as zod's English locale words them,
 * for the issues this project's schemas raise (types, values, sizes; none is strict about unknown keys, nor
 * has an exact length or a bigint); the whole locale would cost the background bundle 1 KB of gzip for
 * formats no schema here uses.
 */
const UNITS: Record<string, string> = { string: 'characters', array: 'items' };

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  return typeof value;
}

export const englishIssues: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return `Invalid input: expected ${issue.expected}, received ${kindOf(issue.input)}`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `Invalid input: expected ${JSON.stringify(issue.values[0])}`
        : `Invalid option: expected one of ${issue.values.map((value) => JSON.stringify(value)).join('|')}`;
    case 'too_big':
    case 'too_small': {
      const big = issue.code === 'too_big';
      const limit = `${big ? '<' : '>'}${issue.inclusive ? '=' : ''}${String(big ? issue.maximum : issue.minimum)}`;
      const unit = UNITS[issue.origin ?? ''];
      const what = unit ? `have ${limit} ${unit}` : `be ${limit}`;
      return `Too ${big ? 'big' : 'small'}: expected ${issue.origin ?? 'value'} to ${what}`;
    }
    default:
      return 'Invalid input';
  }
};
