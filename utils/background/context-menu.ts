import { isQuotaError, toErrorInfo } from '../error-info';
import { originOf } from '../http-url';
import { describeProblem } from '../i18n';
import { validSettingsItem } from '../settings/store';
import { cleanPrompt, promptProblem } from '../validation';
import { apiKeyItem } from './api-key';
import type { Context } from './context';
import { generateImage } from './generate-image';
import { keyBelongsTo } from './stored-key';
import { submitVideo } from './submit-video';

export const MENU_VIDEO = 'promptcast-video-from-selection';
export const MENU_IMAGE = 'promptcast-image-from-selection';

/** A context-menu click: the selection becomes a prompt with the default options. */
export async function onMenuClick(
  ctx: Context,
  menuItemId: string,
  selectionText: string | undefined,
): Promise<void> {
  if (menuItemId !== MENU_VIDEO && menuItemId !== MENU_IMAGE) return;
  const { platform, announcer } = ctx;
  const settings = await validSettingsItem.getValue();
  if (!keyBelongsTo(await apiKeyItem.getValue(), originOf(settings.baseUrl))) {
    await announcer.setupNeeded();
    await platform.openOptions();
    return;
  }
  const selection = cleanPrompt(selectionText ?? '');
  const problem = promptProblem(selection);
  if (problem) {
    await announcer.problem(describeProblem(problem));
    return;
  }
  try {
    if (menuItemId === MENU_VIDEO) await submitVideo(ctx, selection, settings.videoDefaults, 'context-menu');
    else await generateImage(ctx, selection, 'context-menu');
  } catch (error) {
    // Every other failure was stored with its entry and announced from there; a full storage is the
    // one that could not be stored.
    if (isQuotaError(error)) await announcer.storageFull(toErrorInfo(error));
  }
}
