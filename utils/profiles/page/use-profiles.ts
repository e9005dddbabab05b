import { useMemo } from 'react';
import { t } from '../../i18n';
import type { Settings } from '../../settings/schema';
import { useStoredProfiles } from '../../ui/stored-data';
import type { Stored } from '../../ui/use-stored';
import { type ShownProfiles, shownProfiles } from './profiles-view';

/** The person's profiles as a page shows them, once both they and the page's settings were read. */
export function useProfiles(settings: Stored<Settings>): ShownProfiles | undefined {
  const stored = useStoredProfiles();
  return useMemo(
    () =>
      stored.read && settings.read && settings.value
        ? shownProfiles(stored.value, settings.value, t('profileDefaultName'))
        : undefined,
    [stored, settings],
  );
}
