import { t } from '@/utils/i18n';
import { SYNC_LIBRARY_LIMIT } from '@/utils/library/limits';
import type { SyncState } from '@/utils/storage/items';

/** Why the library does not follow the person to their other browsers just now (the background's sync state), if so. */
export function syncNotice(stored: unknown): string | undefined {
  const state = stored as Partial<SyncState> | null | undefined;
  if (typeof state?.tooBig === 'number') {
    return t('librarySyncTooBig', [Math.ceil(state.tooBig / 1000), SYNC_LIBRARY_LIMIT / 1000]);
  }
  return state?.paused ? t('librarySyncPaused') : undefined;
}
