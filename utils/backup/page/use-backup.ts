import { useStoredValue } from '../../ui/use-stored';
import { backupConfigItem, backupStatusItem } from '../backup-storage';
import { shownBackupConfig, shownBackupStatus } from './backup-view';

/** The backup's config and status, straight from storage; the background is their only writer. */
export const useBackupConfig = () => useStoredValue(backupConfigItem, shownBackupConfig);
export const useBackupStatus = () => useStoredValue(backupStatusItem, shownBackupStatus);
