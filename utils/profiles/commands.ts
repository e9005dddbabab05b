// The feature's commands and worker events, which only the worker's composition root wires.
export {
  addProfile,
  deleteProfile,
  duplicateProfile,
  renameProfile,
  setProfileModels,
  switchProfile,
} from './background/profile-commands';
