import { resolveProfile } from '@/utils/profiles/background';
import type { Context } from '../../background/context';
import { AppError } from '../../error-info';
import type { HistoryEntry } from '../../history/schema';
import { t } from '../../i18n';
import { profileOf } from '../../profiles/first-profile';
import { DEFAULT_SETTINGS } from '../../settings/defaults';
import { generateImage } from './generate-image';
import { submitVideo } from './submit-video';

/**
 * Runs a stored entry's request again as a new entry: same prompt, kind, video options and model, through
 * the same features (and so the same checks and errors) as a request typed in the popup.
 */
export async function regenerate(ctx: Context, entryId: string, overBudget?: true): Promise<HistoryEntry> {
  const entry = await ctx.history.get(entryId);
  if (!entry) throw new AppError('invalid_input', t('refusedEntryGone'));
  // With the profile it was made with while that exists (its model is that service's), else the active one.
  const own = await resolveProfile(profileOf(entry));
  const profile = own ?? (await resolveProfile());
  const again = { model: entry.model, overBudget, ...(own ? { profileId: own.profile.id } : {}) };
  if (entry.kind === 'image') return generateImage(ctx, entry.prompt, 'popup', again);
  // An entry from an older build may lack its options; the defaults are what it was made with then.
  const options = entry.options ?? profile?.settings.videoDefaults ?? DEFAULT_SETTINGS.videoDefaults;
  return submitVideo(ctx, entry.prompt, options, 'popup', again);
}
