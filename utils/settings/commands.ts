// The feature's commands and worker events, which only the worker's composition root wires.
export { removeApiKey, saveSettings, testConnection } from './background/settings';
