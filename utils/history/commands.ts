// The feature's commands and worker events, which only the worker's composition root wires.
export { signalHistoryChange } from './background/history-changes';
export { importHistory } from './background/history-transfer';
export { createIdbHistoryStore } from './background/idb-store';
export { migratedHistoryDb } from './background/migrate';
export { openHistoryDb } from './background/open-history-db';
