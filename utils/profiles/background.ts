// The feature's worker services, for other features' worker parts and the worker's core; never for pages.
export type { ProfileSettings } from './background/profile-store';
export {
  profileDeleted,
  profileSettings,
  readProfiles,
  resolveProfile,
  storedProfileEntries,
} from './background/profile-store';
