import { defineKeyedItem } from '../storage/keyed-item';
import type { BackupConfig, BackupStatus } from './backup-schema';

/**
 * Where this browser's backup goes (no secret in it) and what pages show of it, written by the background
 * only. No zod here: the options page reads and watches these; the background checks what it reads
 * (backup-schema.ts).
 */
export const backupConfigItem = defineKeyedItem<BackupConfig | null>('local:backup', { fallback: null });
export const backupStatusItem = defineKeyedItem<BackupStatus>('local:backupStatus', {
  fallback: { state: 'idle' },
});
