// The feature's commands and worker events, which only the worker's composition root wires.
export { startSync } from './background/sync';
