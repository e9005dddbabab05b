import { describe, expect, it } from 'vitest';
import {
  keepOnly,
  NO_SELECTION,
  type Selection,
  selectAll,
  toggle,
} from '../../../utils/history/page/selection';

const order = ['a', 'b', 'c', 'd', 'e'];
const ids = (selection: Selection) => [...selection.ids].sort();
const click = (selection: Selection, id: string, range = false) => toggle(selection, { id, order, range });

describe('history selection', () => {
  it('a click toggles one row and becomes the anchor', () => {
    const one = click(NO_SELECTION, 'b');
    expect(ids(one)).toEqual(['b']);
    expect(one.anchor).toBe('b');
    expect(ids(click(one, 'b'))).toEqual([]);
  });

  it('Shift+click selects from the anchor to the row, in either direction', () => {
    expect(ids(click(click(NO_SELECTION, 'b'), 'd', true))).toEqual(['b', 'c', 'd']);
    expect(ids(click(click(NO_SELECTION, 'd'), 'a', true))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('Shift+click on a selected row clears the range', () => {
    const all = selectAll(click(NO_SELECTION, 'a'), order);
    expect(ids(click(all, 'c', true))).toEqual(['d', 'e']);
  });

  it('Ctrl-toggles keep the rest of the selection and move the anchor', () => {
    const picked = click(click(click(NO_SELECTION, 'a'), 'c'), 'e');
    expect(ids(picked)).toEqual(['a', 'c', 'e']);
    expect(ids(click(picked, 'd', true))).toEqual(['a', 'c', 'd', 'e']);
  });

  it('Shift+click without an anchor in the list toggles just the row', () => {
    expect(ids(click(NO_SELECTION, 'c', true))).toEqual(['c']);
    expect(ids(click({ ids: new Set(), anchor: 'gone' }, 'c', true))).toEqual(['c']);
  });

  it('select all adds every shown row; keepOnly drops rows that left', () => {
    const all = selectAll(click(NO_SELECTION, 'z'), order);
    expect(ids(all)).toEqual(['a', 'b', 'c', 'd', 'e', 'z']);
    expect(ids(keepOnly(all, new Set(order)))).toEqual(order);
    const same = keepOnly(click(NO_SELECTION, 'a'), new Set(order));
    expect(keepOnly(same, new Set(order))).toBe(same);
  });
});
