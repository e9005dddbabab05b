import { describe, expect, it } from 'vitest';
import {
  COUNT_CEILING,
  expandLines,
  expandVariations,
  hasVariations,
  MAX_DEPTH,
  MAX_VARIATIONS,
  variationCount,
} from '@/utils/prompts/variations';

const prompts = (text: string, max?: number) => {
  const expansion = expandVariations(text, max);
  if ('problem' in expansion) throw new Error(`unexpected problem ${expansion.problem.code}`);
  return expansion.prompts;
};

const unbalanced = { problem: { code: 'variations_unbalanced' } };
const tooDeep = { problem: { code: 'variations_too_deep', max: MAX_DEPTH } };
const nested = (depth: number) => `${'{a '.repeat(depth)}x${'}'.repeat(depth)}`;

describe('expandVariations', () => {
  it('gives a prompt without groups back as it is, and nothing for an empty one', () => {
    expect(prompts('a cat on a sofa')).toEqual(['a cat on a sofa']);
    expect(prompts('   ')).toEqual([]);
    expect(prompts('')).toEqual([]);
  });

  it('makes every combination, earlier groups varying slowest', () => {
    expect(prompts('{a|b} {x|y}')).toEqual(['a x', 'a y', 'b x', 'b y']);
    expect(prompts('a {red|blue|green} car')).toEqual(['a red car', 'a blue car', 'a green car']);
  });

  it('expands nested groups inside their alternative', () => {
    expect(prompts('{a {x|y}|b}')).toEqual(['a x', 'a y', 'b']);
    expect(prompts('{a|{b|{c|d}}} e')).toEqual(['a e', 'b e', 'c e', 'd e']);
  });

  it('lets an alternative be empty, leaving no doubled or dangling spaces', () => {
    expect(prompts('{|very }big')).toEqual(['big', 'very big']);
    expect(prompts('a {|b} c')).toEqual(['a c', 'a b c']);
    expect(prompts('a cat {|at night}')).toEqual(['a cat', 'a cat at night']);
    expect(prompts('x\t {|y}  z')).toEqual(['x z', 'x y z']);
  });

  it('keeps line breaks, trimming each line', () => {
    expect(prompts('a {|b}\n{|c} d')).toEqual(['a\nd', 'a\nc d', 'a b\nd', 'a b\nc d']);
  });

  it('keeps each prompt once, in order of first appearance, and drops empty ones', () => {
    expect(prompts('{a|b|a} {x|x}')).toEqual(['a x', 'b x']);
    expect(prompts('{|}')).toEqual([]);
    expect(prompts('{| }')).toEqual([]);
    expect(prompts('{|a}')).toEqual(['a']);
  });

  it('reads a backslash before a brace, a bar or a backslash as that character', () => {
    expect(prompts('\\{a|b\\}')).toEqual(['{a|b}']);
    expect(prompts('{a\\|b|c}')).toEqual(['a|b', 'c']);
    expect(prompts('{a\\}|b}')).toEqual(['a}', 'b']);
    expect(prompts('\\\\{a|b}')).toEqual(['\\a', '\\b']);
    expect(prompts('C:\\\\temp')).toEqual(['C:\\temp']);
  });

  it('keeps a backslash before anything else, or at the end', () => {
    expect(prompts('a\\nb \\x')).toEqual(['a\\nb \\x']);
    expect(prompts('ends with \\')).toEqual(['ends with \\']);
  });

  it('reads a bar outside any group as text', () => {
    expect(prompts('a | b')).toEqual(['a | b']);
    expect(prompts('a | {b|c}')).toEqual(['a | b', 'a | c']);
  });

  it('keeps {{variables}} as written, in groups too', () => {
    expect(prompts('draw {{selection}} in {{style|default}}')).toEqual([
      'draw {{selection}} in {{style|default}}',
    ]);
    expect(prompts('{a {{x}}|b}')).toEqual(['a {{x}}', 'b']);
    expect(prompts('{{a\\}}')).toEqual(['{{a\\}}']);
  });

  it('finds an unclosed variable, or a group opened by {{, unbalanced', () => {
    expect(expandVariations('{{selection')).toEqual(unbalanced);
    // `{{` always starts a variable, so a group that begins with a group needs a space between.
    expect(expandVariations('{{a|b}|c}')).toEqual(unbalanced);
    expect(prompts('{ {a|b}|c}')).toEqual(['a', 'b', 'c']);
  });

  it('finds braces opened and not closed, or closed and not opened', () => {
    expect(expandVariations('{a|b')).toEqual(unbalanced);
    expect(expandVariations('a}')).toEqual(unbalanced);
    expect(expandVariations('{a}}')).toEqual(unbalanced);
    expect(expandVariations('{a {b|c}')).toEqual(unbalanced);
    expect(expandVariations('{x|y}}{')).toEqual(unbalanced);
  });

  it('allows nesting to the limit and refuses it beyond', () => {
    expect(prompts(nested(MAX_DEPTH))).toEqual([`${'a '.repeat(MAX_DEPTH)}x`]);
    expect(expandVariations(nested(MAX_DEPTH + 1))).toEqual(tooDeep);
  });

  it('refuses more combinations than the cap, saying how many', () => {
    expect(prompts('{a|b}'.repeat(6))).toHaveLength(64);
    expect(expandVariations('{a|b}'.repeat(7))).toEqual({
      problem: { code: 'variations_too_many', count: 128, max: MAX_VARIATIONS },
    });
    expect(expandVariations('{a|b|c} {x|y}', 5)).toEqual({
      problem: { code: 'variations_too_many', count: 6, max: 5 },
    });
    expect(prompts('{a|b|c} {x|y}', 6)).toHaveLength(6);
  });

  it('counts before dropping duplicates, as the cap must be known before expanding', () => {
    expect(expandVariations('{a|a|a}', 2)).toEqual({
      problem: { code: 'variations_too_many', count: 3, max: 2 },
    });
  });
});

describe('hostile input', () => {
  it('answers a thousand nested groups with too deep', () => {
    expect(expandVariations(nested(1000))).toEqual(tooDeep);
    expect(expandVariations(`${'{'.repeat(1000)}${'}'.repeat(1000)}`)).toEqual(unbalanced);
    expect(expandVariations('{ '.repeat(1000))).toEqual(tooDeep);
  });

  it('counts 2^500 combinations without making them, saturating the count', () => {
    expect(variationCount('{a|b}'.repeat(500))).toEqual({ count: COUNT_CEILING });
    expect(expandVariations('{a|b}'.repeat(500))).toEqual({
      problem: { code: 'variations_too_many', count: COUNT_CEILING, max: MAX_VARIATIONS },
    });
  });

  it('answers 100,000 characters of any kind', () => {
    const length = 100_000;
    expect(prompts('x'.repeat(length))).toEqual(['x'.repeat(length)]);
    expect(prompts(`x${' '.repeat(length)}{|y}`)).toEqual(['x', 'x y']);
    expect(prompts('\\'.repeat(length))).toEqual(['\\'.repeat(length / 2)]);
    expect(expandVariations('{'.repeat(length))).toEqual(unbalanced);
    expect(expandVariations('}'.repeat(length))).toEqual(unbalanced);
    expect(expandVariations('{{x'.repeat(33_333))).toEqual(unbalanced);
    expect(variationCount('{a|b} '.repeat(16_666))).toEqual({ count: COUNT_CEILING });
    expect(variationCount(`{${'|'.repeat(length)}}`)).toEqual({ count: length + 1 });
    expect(expandLines('{a|b}\n'.repeat(16_666))).toMatchObject({
      problem: { code: 'variations_too_many', count: 2 * 16_666 },
    });
  });
});

describe('variationCount', () => {
  it('counts combinations, duplicates included', () => {
    expect(variationCount('plain')).toEqual({ count: 1 });
    expect(variationCount('{a|b} {x|y|z}')).toEqual({ count: 6 });
    expect(variationCount('{a {x|y}|b}')).toEqual({ count: 3 });
    expect(variationCount('{a|a}')).toEqual({ count: 2 });
  });

  it('says why a text makes no prompts', () => {
    expect(variationCount('{a|b')).toEqual(unbalanced);
    expect(variationCount(nested(MAX_DEPTH + 1))).toEqual(tooDeep);
  });
});

describe('hasVariations', () => {
  it('is false for plain prompts and template variables', () => {
    expect(hasVariations('a cat on a sofa')).toBe(false);
    expect(hasVariations('a | b')).toBe(false);
    expect(hasVariations('a\\nb')).toBe(false);
    expect(hasVariations('draw {{selection}} in {{style|default}}')).toBe(false);
    expect(hasVariations('')).toBe(false);
  });

  it('is true for groups, braces left alone and escapes, all of which expanding changes or refuses', () => {
    expect(hasVariations('{a|b}')).toBe(true);
    expect(hasVariations('{{x}} {a|b}')).toBe(true);
    expect(hasVariations('a {b')).toBe(true);
    expect(hasVariations('a }')).toBe(true);
    expect(hasVariations('{{unclosed')).toBe(true);
    expect(hasVariations('\\{literal\\}')).toBe(true);
    expect(hasVariations('C:\\\\temp')).toBe(true);
  });

  it('agrees with expandVariations: false only where the prompt comes back unchanged', () => {
    for (const text of ['a cat', 'a | b', 'x\\y', '{{s}} and {{t|u}}', 'trailing \\']) {
      expect(hasVariations(text)).toBe(false);
      expect(prompts(text)).toEqual([text]);
    }
  });

  it('scans 100,000 characters in one pass', () => {
    expect(hasVariations('{{x}}'.repeat(20_000))).toBe(false);
    expect(hasVariations('{{'.repeat(50_000))).toBe(true);
  });
});

describe('expandLines', () => {
  it('expands each non-empty line, in line order', () => {
    expect(expandLines('{a|b} cat\n\n  dog {x|y}  \n')).toEqual({
      prompts: ['a cat', 'b cat', 'dog x', 'dog y'],
    });
  });

  it('drops duplicates within a line but keeps a line typed twice', () => {
    expect(expandLines('{a|a}\na')).toEqual({ prompts: ['a', 'a'] });
  });

  it('caps the prompts of all lines together', () => {
    expect(expandLines('{a|b|c}\n{x|y}', 5)).toMatchObject({ prompts: { length: 5 } });
    expect(expandLines('{a|b|c}\n{x|y}', 4)).toEqual({
      problem: { code: 'variations_too_many', count: 5, max: 4 },
    });
  });

  it('refuses the whole box when one line is wrong', () => {
    expect(expandLines('{a|b}\n{c|d')).toEqual(unbalanced);
    expect(expandLines(`ok\n${nested(MAX_DEPTH + 1)}`)).toEqual(tooDeep);
  });

  it('gives nothing for a box of blank lines', () => {
    expect(expandLines(' \n\n ')).toEqual({ prompts: [] });
  });
});
