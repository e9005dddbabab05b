// The feature's commands and worker events, which only the worker's composition root wires.
export { importLibrary, movePrompt, removePrompts, savePrompt } from './background/library-commands';
