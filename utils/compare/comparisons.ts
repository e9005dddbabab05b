import type { HistoryEntry } from '../history/schema';
import type { ShownModel } from '../profiles/page/profiles-view';
import type { CompareTile } from './compare-tiles';

/**
 * What a compared model is called: the person's name for it, else its id, else (the service's default,
 * '') `ownModel`. The cost preview names the ticked models as the tiles will.
 */
export function modelName(id: string, models: readonly ShownModel[], ownModel: string): string {
  return models.find((model) => model.id === id)?.name ?? (id || ownModel);
}

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
    const group = groups.get(entry.prompt) ?? [];
    group.push({ entry, modelName: modelName(entry.model, models, ownModel) });
    groups.set(entry.prompt, group);
  }
  return [...groups.values()];
}
