// The feature's worker services, for other features' worker parts and the worker's core; never for pages.
export { activeKeyItem, apiKeys } from './background/api-key';
export { currentKeyStatus, writeKeyStatus } from './background/key-status';
export { forgetKeysOf, isLocked, unlockedMaster } from './background/key-vault';
export { writeProfiles } from './background/profile-writes';
export type { Connect, ConnectOverrides } from './background/service-access';
export { createServiceAccess } from './background/service-access';
export type { StoredKey } from './background/stored-key';
export { keyBelongsTo, NO_KEY } from './background/stored-key';
