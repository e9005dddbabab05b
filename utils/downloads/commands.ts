// The feature's commands and worker events, which only the worker's composition root wires.
export { downloadEntry } from './background/download-entry';
