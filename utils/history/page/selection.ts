/**
 * Which rows of the history page are selected, as a list manager does it: a click toggles one row, Shift+click
 * sets the rows from the last toggled one to this one to that row's new state, Ctrl/Cmd+click toggles one
 * row too (kept apart so a person used to file managers is not surprised). Pure, so it is tested without a page.
 */
export interface Selection {
  ids: ReadonlySet<string>;
  /** The row the last plain or Ctrl click toggled: where a Shift+click range starts. */
  anchor?: string;
}

export const NO_SELECTION: Selection = { ids: new Set() };

export interface ToggleInput {
  id: string;
  /** The ids in the order the page shows them, for ranges. */
  order: readonly string[];
  range: boolean;
}

export function toggle(selection: Selection, { id, order, range }: ToggleInput): Selection {
  const on = !selection.ids.has(id);
  const from = range && selection.anchor !== undefined ? order.indexOf(selection.anchor) : -1;
  const to = order.indexOf(id);
  const ids = new Set(selection.ids);
  // A range whose anchor has left the list (deleted, or filtered out) is a plain toggle.
  const span = from >= 0 && to >= 0 ? order.slice(Math.min(from, to), Math.max(from, to) + 1) : [id];
  for (const each of span) {
    if (on) ids.add(each);
    else ids.delete(each);
  }
  return { ids, anchor: id };
}

export function selectAll(selection: Selection, shown: readonly string[]): Selection {
  return { ids: new Set([...selection.ids, ...shown]), anchor: selection.anchor };
}

/** Drops ids no longer in the history, so "N selected" and the bulk actions never name a deleted entry. */
export function keepOnly(selection: Selection, present: ReadonlySet<string>): Selection {
  if ([...selection.ids].every((id) => present.has(id))) return selection;
  return { ids: new Set([...selection.ids].filter((id) => present.has(id))), anchor: selection.anchor };
}
