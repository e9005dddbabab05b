import { describe, expect, it } from 'vitest';
import { moduleSuffix, readableClassName, scopedClassName } from '../../../build/first-frame-plugin';
import { pruneUnreachableRules } from '../../../build/prune-css';

const file = `${process.cwd()}/components/history/Entry.module.css`;
const css =
  '.row { gap: 0 }\n.row:hover .thumb { outline: 0 }\n@keyframes slide { to { opacity: 1 } }\n.busy { animation: slide 1s }';

describe('CSS module class names in a shipped build', () => {
  it('name each class and keyframes by its first place in the module’s source, with the module’s suffix', () => {
    const suffix = moduleSuffix(file);
    expect(['row', 'thumb', 'slide', 'busy'].map((local) => scopedClassName(local, file, css))).toEqual([
      `_0_${suffix}`,
      `_1_${suffix}`,
      `_2_${suffix}`,
      `_3_${suffix}`,
    ]);
  });

  it('are the same whichever pipeline asks, and differ between modules', () => {
    expect(scopedClassName('thumb', file, css)).toBe(scopedClassName('thumb', file, css));
    const other = `${process.cwd()}/components/prompts/PromptForm.module.css`;
    expect(scopedClassName('thumb', other, css)).not.toBe(scopedClassName('thumb', file, css));
  });

  it('stop the build on a name the module does not write, rather than guess one', () => {
    expect(() => scopedClassName('missing', file, css)).toThrow(/no class or keyframes named missing/);
  });

  it('keep the module suffix pruning reads, so a module’s rules are still found by it', () => {
    const sheet = `.${scopedClassName('row', file, css)}{gap:0}html{margin:0}`;
    expect(pruneUnreachableRules(sheet, new Set([moduleSuffix(file)]))).toBe('html{margin:0}');
  });

  it('stay readable in a development build', () => {
    expect(readableClassName('thumb', file, css)).toBe(`_thumb_${moduleSuffix(file)}`);
  });
});
