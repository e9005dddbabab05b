// The feature's commands and worker events, which only the worker's composition root wires.
export {
  changePassphrase,
  IDLE_ALARM,
  lockKeys,
  markUsed,
  onIdleAlarm,
  removeKeyLock,
  setKeyLock,
  setKeyMode,
  setLockIdle,
  unlockKeys,
} from './background/key-lock';
