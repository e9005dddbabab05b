import type { HistoryEntry } from '../history/schema';
import type { ShownModel } from '../profiles/page/profiles-view';
import type { CompareTile } from './compare-tiles';

/**
 * A comparison's entries as the compare view takes them: one group of tiles per prompt, in the batch's
 * order, each tile named by the person's name for its model (the id when the list has no name for it, and
 * `ownModel` for the profile's own).
 */
export function comparisonGroups(
  entries: readonly HistoryEntry[],
  models: readonly ShownModel[],
  ownModel: string,
): CompareTile[][] {
  const groups = new Map<string, CompareTile[]>();
  for (const entry of entries) {
    const modelName = models.find((model) => model.id === entry.model)?.name ?? (entry.model || ownModel);
    const group = groups.get(entry.prompt) ?? [];
    group.push({ entry, modelName });
    groups.set(entry.prompt, group);
  }
  return [...groups.values()];
}
