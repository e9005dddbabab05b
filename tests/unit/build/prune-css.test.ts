import { describe, expect, it } from 'vitest';
import { pruneUnreachableRules, rulesOf } from '../../../build/prune-css';

const unreachable = new Set(['GRIDx', 'keyF-']);

describe('a page’s inline stylesheet without rules of modules it cannot load', () => {
  it('drops rules whose every selector names an unreachable module’s class, keeps the rest', () => {
    const css =
      ':root{--a:1}._grid_GRIDx{display:grid}._grid_GRIDx ._cell_GRIDx:hover{outline:0}' +
      '._button_ctrl1{color:red}._field_keyF-,._button_ctrl1:focus{outline:2px}html{margin:0}';
    expect(pruneUnreachableRules(css, unreachable)).toBe(
      ':root{--a:1}._button_ctrl1{color:red}._button_ctrl1:focus{outline:2px}html{margin:0}',
    );
  });

  it('looks inside @media and drops a block left empty; other at-rules stay whole', () => {
    const css =
      '@media (prefers-color-scheme:dark){._grid_GRIDx{color:#fff}}' +
      '@media (width<30em){._grid_GRIDx{gap:0}._list_list1{gap:1px}}' +
      '@keyframes spin{0%{rotate:0}to{rotate:1turn}}';
    expect(pruneUnreachableRules(css, unreachable)).toBe(
      '@media (width<30em){._list_list1{gap:1px}}@keyframes spin{0%{rotate:0}to{rotate:1turn}}',
    );
  });

  it('reads a suffix that holds `_` or `-` whole: the last five characters, after the class’s own name', () => {
    const css =
      '._item_7f5_S{gap:0}._thumb__PjUG{width:1px}._batch_FH3w_{margin:0}._row_-ab-c{gap:1px}' +
      '._7f5_S{color:red}._a_b_c{color:blue}';
    expect(pruneUnreachableRules(css, new Set(['7f5_S', '_PjUG', 'FH3w_']))).toBe(
      '._row_-ab-c{gap:1px}._7f5_S{color:red}._a_b_c{color:blue}',
    );
    expect(rulesOf(css, new Set(['-ab-c']))).toBe('._row_-ab-c{gap:1px}');
  });

  it('counts no brace inside a quoted string, and leaves a sheet with nothing to drop as it is', () => {
    const quoted = '._grid_GRIDx::before{content:"{"}[data-x="}"]._a_list1{content:\'}\'}';
    expect(pruneUnreachableRules(quoted, unreachable)).toBe('[data-x="}"]._a_list1{content:\'}\'}');
    expect(pruneUnreachableRules('._a_list1{gap:0}', new Set())).toBe('._a_list1{gap:0}');
  });
});

describe('the rules an on-demand chunk carries for its own CSS modules', () => {
  it('are exactly the selectors pruning took out for them, @media kept around them, other at-rules left', () => {
    const css =
      ':root{--a:1}._grid_GRIDx{display:grid}._button_ctrl1,._button_ctrl1 ._cell_GRIDx{color:red}' +
      '@media (prefers-color-scheme:dark){._grid_GRIDx{color:#fff}._list_list1{color:#eee}}' +
      '@keyframes spin{0%{rotate:0}to{rotate:1turn}}._field_keyF-{outline:0}';
    const onDemand = new Set(['GRIDx']);
    expect(rulesOf(css, onDemand)).toBe(
      '._grid_GRIDx{display:grid}._button_ctrl1 ._cell_GRIDx{color:red}' +
        '@media (prefers-color-scheme:dark){._grid_GRIDx{color:#fff}}',
    );
    expect(pruneUnreachableRules(css, onDemand)).toBe(
      ':root{--a:1}._button_ctrl1{color:red}@media (prefers-color-scheme:dark){._list_list1{color:#eee}}' +
        '@keyframes spin{0%{rotate:0}to{rotate:1turn}}._field_keyF-{outline:0}',
    );
    expect(rulesOf(css, new Set())).toBe('');
  });
});
