import * as z from 'zod/mini';
import { settingsSchema } from '../settings/schema';

/** What differs from one account to the next; everything else in the settings is the person's, for all of them. */
export const PROFILE_SERVICE_FIELDS = ['baseUrl', 'modelId', 'modelField', 'videoDefaults'] as const;

export const profileServiceSchema = z.pick(settingsSchema, {
  baseUrl: true,
  modelId: true,
  modelField: true,
  videoDefaults: true,
});
export type ProfileService = z.infer<typeof profileServiceSchema>;

export const MAX_PROFILES = 20;
export const MAX_PROFILE_NAME = 60;

export const profileNameSchema = z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_PROFILE_NAME));

export const profileSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(100)),
  name: profileNameSchema,
  service: profileServiceSchema,
});
export type Profile = z.infer<typeof profileSchema>;

/**
 * The person's accounts and the one in use. The settings item keeps the active one's service fields too,
 * as every page and feature reads them there; the background writes both in one storage call.
 */
export const profilesSchema = z.object({
  activeId: z.string(),
  list: z.array(profileSchema).check(z.minLength(1), z.maxLength(MAX_PROFILES)),
});
export type Profiles = z.infer<typeof profilesSchema>;
