// The feature's commands and worker events, which only the worker's composition root wires.
export {
  forgetBackup,
  previewRestore,
  runBackupNow,
  setBackupAuto,
  setUpBackup,
  startRestore,
  testBackup,
} from './background/backup-commands';
export { type BackupService, createBackupService } from './background/backup-service';
export { applySetup, readSetup } from './background/backup-setup';
