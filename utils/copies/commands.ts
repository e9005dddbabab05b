// The feature's commands and worker events, which only the worker's composition root wires.
export { createCopyKeeper } from './background/keep-copies';
