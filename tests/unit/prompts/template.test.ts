import { describe, expect, it } from 'vitest';
import { fillTemplate, MAX_VARIABLES, templateVariables } from '@/utils/prompts/template';
import { cpuMsOf } from '../support/cpu-time';

describe('templateVariables', () => {
  it('finds each variable once, in reading order, with the first default given', () => {
    expect(
      templateVariables('a {{animal}} in {{place|the snow}} and {{animal|cat}} by {{selection}}'),
    ).toEqual([
      { name: 'animal', default: 'cat' },
      { name: 'place', default: 'the snow' },
      { name: 'selection' },
    ]);
    expect(templateVariables('{{a|x}} {{a|y}}')).toEqual([{ name: 'a', default: 'x' }]);
  });

  it('takes names of letters, digits, _ and - up to 40 characters; anything else stays text', () => {
    expect(templateVariables('{{snake_case-1}} {{has space}} {{}} {{ok|}}')).toEqual([
      { name: 'snake_case-1' },
      { name: 'ok', default: '' },
    ]);
    expect(templateVariables(`{{${'n'.repeat(40)}}}`)).toHaveLength(1);
    expect(templateVariables(`{{${'n'.repeat(41)}}}`)).toEqual([]);
    expect(templateVariables(`{{a|${'d'.repeat(201)}}}`)).toEqual([]);
  });

  it('leaves single braces (variations) alone and finds a variable right after a stray brace', () => {
    expect(templateVariables('a {red|blue} {{{thing}} }')).toEqual([{ name: 'thing' }]);
    expect(templateVariables('{{unclosed and {{closed}}')).toEqual([{ name: 'closed' }]);
  });

  it('asks for at most 50 variables', () => {
    const text = Array.from({ length: 60 }, (_, index) => `{{v${index}}}`).join(' ');
    expect(templateVariables(text)).toHaveLength(MAX_VARIABLES);
    expect(fillTemplate(text, {})).toContain('{{v55}}');
  });

  it('reads 100,000 characters of hostile braces in linear time', async () => {
    const inputs = [
      '{'.repeat(100_000),
      '{{'.repeat(50_000),
      `${'{{a|'.repeat(25_000)}}}`,
      `{{selection}}${'x'.repeat(100_000)}`,
      `${'{'.repeat(50_000)}deep${'}'.repeat(50_000)}`,
      `${'{{x}'.repeat(25_000)}}`,
    ];
    for (const text of inputs) {
      const spent = await cpuMsOf(() => {
        templateVariables(text);
        fillTemplate(text, { selection: 'y' });
      });
      expect(spent).toBeLessThan(500);
    }
    expect(templateVariables(`${'{'.repeat(50_000)}deep${'}'.repeat(50_000)}`)).toEqual([{ name: 'deep' }]);
  });
});

describe('fillTemplate', () => {
  it('puts each value in, else the default, else nothing', () => {
    const text = 'a {{animal}} in {{place|the snow}}, {{animal}} again{{mood}}';
    expect(fillTemplate(text, { animal: 'fox' })).toBe('a fox in the snow, fox again');
    expect(fillTemplate(text, { animal: 'owl', place: 'a barn', mood: '!' })).toBe(
      'a owl in a barn, owl again!',
    );
  });

  it('gives values as typed, braces and all, and never reads inherited keys', () => {
    expect(fillTemplate('{{a}}', { a: '{{b}} $& $1' })).toBe('{{b}} $& $1');
    expect(fillTemplate('{{constructor}}|{{toString|x}}', {})).toBe('|x');
  });

  it('gives a text without variables back unchanged', () => {
    for (const text of ['', 'plain', '{a|b}', '{{not a name}}', '}}{{'])
      expect(fillTemplate(text, {})).toBe(text);
  });
});
