// The feature's worker services, for other features' worker parts and the worker's core; never for pages.
export {
  applyDropRule,
  clearHistory,
  dropCutoff,
  removeEntries,
  removeHistoryEntry,
  setCollection,
  setFavourite,
  setThumbnail,
  trimHistory,
} from './background/history-commands';
