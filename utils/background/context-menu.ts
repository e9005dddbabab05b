import { browser } from 'wxt/browser';
import { isQuotaError, toErrorInfo } from '../error-info';
import { originOf } from '../http-url';
import { describeProblem, type MessageKey, t } from '../i18n';
import { createSerial } from '../serial';
import { cleanPrompt, promptProblem } from '../validation';
import { apiKeys } from './api-key';
import type { Context } from './context';
import { generateImage } from './generate-image';
import { isLocked } from './key-vault';
import { readProfiles } from './profile-store';
import { composeDraft } from './side-panel';
import { keyBelongsTo } from './stored-key';
import { submitVideo } from './submit-video';

export const MENU_VIDEO = 'promptcast-video-from-selection';
export const MENU_IMAGE = 'promptcast-image-from-selection';
export const MENU_EDIT = 'promptcast-edit-from-selection';
/**
 * The direct entries while the "review the selection" setting is on. Their own ids let the click handler
 * know, without awaiting the settings, that it must open the side panel within the person's gesture.
 */
export const MENU_VIDEO_REVIEW = 'promptcast-video-review';
export const MENU_IMAGE_REVIEW = 'promptcast-image-review';
/** The one entry while the keys are locked: it opens the options page, whose Key lock section unlocks. */
export const MENU_UNLOCK = 'promptcast-unlock';

/** Entries whose click puts the selection in the side panel's form, and the kind each one is for. */
const REVIEWED: Record<string, 'image' | 'video'> = {
  [MENU_EDIT]: 'video',
  [MENU_VIDEO_REVIEW]: 'video',
  [MENU_IMAGE_REVIEW]: 'image',
};

export function opensSidePanel(menuItemId: string): boolean {
  return menuItemId in REVIEWED;
}

/** The context menu's entries, in order: the direct ones route through the panel when `reviewSelection`. */
export function menuEntries(reviewSelection: boolean, locked = false): { id: string; title: MessageKey }[] {
  if (locked) return [{ id: MENU_UNLOCK, title: 'menuUnlock' }];
  return [
    { id: reviewSelection ? MENU_VIDEO_REVIEW : MENU_VIDEO, title: 'menuGenerateVideo' },
    { id: reviewSelection ? MENU_IMAGE_REVIEW : MENU_IMAGE, title: 'menuGenerateImage' },
    { id: MENU_EDIT, title: 'menuEditFromSelection' },
  ];
}

/** An install and a settings change may rebuild at once; interleaved, they would create an id twice. */
const rebuilds = createSerial();

export function createMenus(reviewSelection: boolean): Promise<void> {
  return rebuilds(async () => {
    const locked = await isLocked();
    await browser.contextMenus.removeAll();
    for (const { id, title } of menuEntries(reviewSelection, locked)) {
      browser.contextMenus.create({ id, title: t(title), contexts: ['selection'] });
    }
  });
}

/**
 * A context-menu click: the selection becomes a prompt with the default options, generated at once or
 * put in the side panel's form (which the click handler has already opened) to be checked first.
 */
export async function onMenuClick(
  ctx: Context,
  menuItemId: string,
  selectionText: string | undefined,
): Promise<void> {
  const reviewKind = REVIEWED[menuItemId];
  if (menuItemId !== MENU_VIDEO && menuItemId !== MENU_IMAGE && menuItemId !== MENU_UNLOCK && !reviewKind)
    return;
  const { platform, announcer } = ctx;
  const selection = cleanPrompt(selectionText ?? '');
  if (reviewKind) {
    // Too long is for the person to fix in the panel; an empty selection leaves nothing to review.
    if (selection === '') await announcer.problem(describeProblem({ code: 'prompt_empty' }));
    else await composeDraft(ctx, { prompt: selection, kind: reviewKind });
    return;
  }
  // The unlock entry gets here when the popup could not open; an entry of a menu not yet rebuilt after the
  // lock, too: the options page unlocks.
  if (menuItemId === MENU_UNLOCK || (await isLocked())) {
    await platform.openOptions();
    return;
  }
  const { profiles, settings } = await readProfiles();
  if (!keyBelongsTo(await apiKeys.of(profiles.activeId), originOf(settings.baseUrl))) {
    await announcer.setupNeeded();
    await platform.openOptions();
    return;
  }
  const problem = promptProblem(selection);
  if (problem) {
    await announcer.problem(describeProblem(problem));
    return;
  }
  try {
    // Made with the profile that was active at the click, whatever is switched meanwhile.
    const profile = { profileId: profiles.activeId };
    if (menuItemId === MENU_VIDEO)
      await submitVideo(ctx, selection, settings.videoDefaults, 'context-menu', profile);
    else await generateImage(ctx, selection, 'context-menu', profile);
  } catch (error) {
    // Every other failure was stored with its entry and announced from there; a full storage is the
    // one that could not be stored.
    if (isQuotaError(error)) await announcer.storageFull(toErrorInfo(error));
  }
}
