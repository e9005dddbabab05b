import type { StoredKey } from '@/utils/keys/background';
import { originOf } from '../http-url';
import type { Settings } from '../settings/schema';
import type { Item } from '../storage/repair';

// Replaced at build time (wxt.config.ts): empty in release builds and zips, which refuse to build with them set.
declare const __DEV_SERVICE_URL__: string;
declare const __DEV_API_KEY__: string;

/**
 * In a development build, points a fresh install at the local reference service with its demo key. Absent
 * from any other build, so the worker a release ships carries no code for it, not even an empty call.
 */
export const applyDevDefaults = __DEV_SERVICE_URL__
  ? async (settings: Item<Settings>, apiKey: Item<StoredKey>): Promise<void> => {
      const current = await settings.getValue();
      if (current.baseUrl) return;
      await settings.setValue({ ...current, baseUrl: __DEV_SERVICE_URL__, pollIntervalSec: 2 });
      if (!(await apiKey.getValue()).key) {
        await apiKey.setValue({
          key: __DEV_API_KEY__,
          origin: originOf(__DEV_SERVICE_URL__),
          id: crypto.randomUUID(),
        });
      }
    }
  : undefined;
