// The feature's commands and worker events, which only the worker's composition root wires.
export { cancelBatchEntries, pauseBatch } from './background/batch-control';
export { createBatchSummary } from './background/batch-summary';
