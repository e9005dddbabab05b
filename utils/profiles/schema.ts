import * as z from 'zod/mini';
import { settingsSchema } from '../settings/schema';
import { isProfileId } from './id';
import { MAX_PROFILE_MODELS, MAX_PROFILE_NAME, MAX_PROFILES } from './limits';
import { idTwice, MODEL_ID_PATTERN, MODEL_NAME_PATTERN } from './model-rules';

// The settings' own field schemas, so a profile's service is checked exactly as the settings are (z.pick
// would do the same for 1 KB more of zod in the worker).
const { baseUrl, modelId, modelField, videoDefaults, dailyBudget, monthlyBudget, lowBalanceBelow } =
  settingsSchema.shape;
export const profileServiceSchema = z.object({ baseUrl, modelId, modelField, videoDefaults });
export type ProfileService = z.infer<typeof profileServiceSchema>;

/** Each account's own limits (README: budgets are per profile), checked as the settings' fields are. */
export const profileBudgetsSchema = z.object({ dailyBudget, monthlyBudget, lowBalanceBelow });
export type ProfileBudgets = z.infer<typeof profileBudgetsSchema>;

export { MAX_PROFILE_NAME, MAX_PROFILES };

export const profileNameSchema = z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_PROFILE_NAME));

/** A model the person uses with this profile's service: the id the service knows, and the name they chose. */
export const profileModelSchema = z.object({
  id: z.string().check(
    z.trim(),
    z.refine((id: string) => MODEL_ID_PATTERN.test(id)),
  ),
  name: z.string().check(
    z.trim(),
    z.refine((name: string) => MODEL_NAME_PATTERN.test(name)),
  ),
});
export type ProfileModel = z.infer<typeof profileModelSchema>;

export const profileModelsSchema = z.array(profileModelSchema).check(
  z.maxLength(MAX_PROFILE_MODELS),
  z.refine((models: ProfileModel[]) => idTwice(models.map((model) => model.id)) === undefined),
);

export const profileSchema = z.object({
  id: z.string().check(z.refine(isProfileId)),
  name: profileNameSchema,
  service: profileServiceSchema,
  budgets: profileBudgetsSchema,
  /** The profile's own, not the settings': the form offers them, a request sends only the one picked. */
  models: profileModelsSchema,
});
export type Profile = z.infer<typeof profileSchema>;

/**
 * The person's accounts and the one in use. The settings item keeps the active one's service and budget
 * fields too, as every page and feature reads them there; the background writes both in one storage call.
 */
export const profilesSchema = z.object({
  activeId: z.string(),
  list: z.array(profileSchema).check(z.minLength(1), z.maxLength(MAX_PROFILES)),
});
export type Profiles = z.infer<typeof profilesSchema>;
