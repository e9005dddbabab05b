import { AppError } from '../error-info';
import type { HistoryEntry } from '../history/schema';
import { validSettingsItem } from '../settings/store';
import type { Context } from './context';
import { generateImage } from './generate-image';
import { submitVideo } from './submit-video';

/**
 * Runs a stored entry's request again as a new entry: same prompt, kind, video options and model, through
 * the same features (and so the same checks and errors) as a request typed in the popup.
 */
export async function regenerate(ctx: Context, entryId: string): Promise<HistoryEntry> {
  const entry = await ctx.history.get(entryId);
  if (!entry) throw new AppError('invalid_input', 'This history entry no longer exists.');
  const again = { model: entry.model };
  if (entry.kind === 'image') return generateImage(ctx, entry.prompt, 'popup', again);
  // An entry from an older build may lack its options; the defaults are what it was made with then.
  const options = entry.options ?? (await validSettingsItem.getValue()).videoDefaults;
  return submitVideo(ctx, entry.prompt, options, 'popup', again);
}
