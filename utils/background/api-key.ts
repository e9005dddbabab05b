import { storage } from 'wxt/utils/storage';

/**
 * The API key's only home. Imported by background code alone: a test checks that no page bundle
 * references the storage key below, and pages learn only whether a key is set and its last 4 characters.
 */
export const apiKeyItem = storage.defineItem<string>('local:serviceApiKey', { fallback: '', version: 1 });
