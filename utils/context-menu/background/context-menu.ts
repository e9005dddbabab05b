import { browser } from 'wxt/browser';
import { apiKeys, isLocked, keyBelongsTo } from '@/utils/keys/background';
import { readProfiles } from '@/utils/profiles/background';
import { generateImage, submitVideo } from '@/utils/prompts/background';
import { composeDraft } from '@/utils/side-panel/background';
import type { Context } from '../../background/context';
import { isQuotaError, toErrorInfo } from '../../error-info';
import { originOf } from '../../http-url';
import { describeProblem, t } from '../../i18n';
import { menuPrompts } from '../../library/pins';
import { repairLibrary } from '../../library/repair';
import type { LibraryPrompt } from '../../library/schema';
import { fillTemplate, SELECTION_VARIABLE } from '../../prompts/template';
import { createSerial } from '../../serial';
import { validSettingsItem } from '../../settings/store';
import { libraryItem } from '../../storage/items';
import { cleanPrompt, promptProblem } from '../../validation';

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

/**
 * Pinned library prompts, by id: the selection goes into the prompt's `{{selection}}`. The review prefix is
 * the one while "review the selection" is on, so the click handler can open the panel without awaiting.
 */
export const MENU_PIN = 'promptcast-pin:';
export const MENU_PIN_REVIEW = 'promptcast-pin-review:';

/** Entries whose click puts the selection in the side panel's form, and the kind each one is for. */
const REVIEWED: Record<string, 'image' | 'video'> = {
  [MENU_EDIT]: 'video',
  [MENU_VIDEO_REVIEW]: 'video',
  [MENU_IMAGE_REVIEW]: 'image',
};

export function opensSidePanel(menuItemId: string): boolean {
  return menuItemId in REVIEWED || menuItemId.startsWith(MENU_PIN_REVIEW);
}

/** A pinned prompt's id, from its entry's. */
const pinnedId = (menuItemId: string) =>
  [MENU_PIN, MENU_PIN_REVIEW].find((prefix) => menuItemId.startsWith(prefix)) &&
  menuItemId.slice(menuItemId.indexOf(':') + 1);

interface MenuEntry {
  id: string;
  title?: string;
  type?: 'separator';
}

/**
 * The context menu's entries, in order: the direct ones route through the panel when `reviewSelection`,
 * and the pinned prompts follow, apart.
 */
export function menuEntries(
  reviewSelection: boolean,
  locked = false,
  library: readonly LibraryPrompt[] = [],
): MenuEntry[] {
  if (locked) return [{ id: MENU_UNLOCK, title: t('menuUnlock') }];
  const pinned = menuPrompts(library).map((prompt) => ({
    id: (reviewSelection ? MENU_PIN_REVIEW : MENU_PIN) + prompt.id,
    title: t(prompt.pin === 'video' ? 'menuPinnedVideo' : 'menuPinnedImage', prompt.name),
  }));
  return [
    { id: reviewSelection ? MENU_VIDEO_REVIEW : MENU_VIDEO, title: t('menuGenerateVideo') },
    { id: reviewSelection ? MENU_IMAGE_REVIEW : MENU_IMAGE, title: t('menuGenerateImage') },
    { id: MENU_EDIT, title: t('menuEditFromSelection') },
    ...(pinned.length > 0 ? [{ id: 'promptcast-pins', type: 'separator' as const }, ...pinned] : []),
  ];
}

/**
 * Rebuilt from storage at each worker start and on each change of the settings, the lock or the library,
 * so no restart or update can leave the menu behind. One rebuild at a time: interleaved, two would create
 * an id twice.
 */
const rebuilds = createSerial();

export function createMenus(): Promise<void> {
  return rebuilds(async () => {
    const [locked, settings, library] = await Promise.all([
      isLocked(),
      validSettingsItem.getValue(),
      libraryItem.getValue(),
    ]);
    await browser.contextMenus.removeAll();
    for (const entry of menuEntries(settings.reviewSelection, locked, repairLibrary(library).prompts))
      browser.contextMenus.create({ ...entry, contexts: ['selection'] });
  });
}

/**
 * A context-menu click: the selection becomes a prompt with the default options, or goes into a pinned
 * prompt with that prompt's own, generated at once or put in the side panel's form (which the click
 * handler has already opened) to be checked first.
 */
export async function onMenuClick(
  ctx: Context,
  menuItemId: string,
  selectionText: string | undefined,
): Promise<void> {
  const { platform, announcer } = ctx;
  const pinId = pinnedId(menuItemId);
  const pinned = pinId
    ? menuPrompts(repairLibrary(await libraryItem.getValue()).prompts).find(({ id }) => id === pinId)
    : undefined;
  if (pinId && !pinned) {
    // Unpinned or deleted while the menu still showed it.
    await announcer.problem(t('menuPinnedGone'));
    return;
  }
  const review = REVIEWED[menuItemId] ?? (opensSidePanel(menuItemId) ? pinned?.pin : undefined);
  const kind =
    pinned?.pin ?? review ?? { [MENU_VIDEO]: 'video' as const, [MENU_IMAGE]: 'image' as const }[menuItemId];
  if (!kind && menuItemId !== MENU_UNLOCK) return;
  // The selection goes in as plain text (fillTemplate reads no variable in a value), trimmed; an empty one
  // leaves nothing to make, whatever the prompt around it says.
  const selection = cleanPrompt(selectionText ?? '');
  const prompt = pinned
    ? cleanPrompt(fillTemplate(pinned.text, { [SELECTION_VARIABLE]: selection }))
    : selection;
  const made = {
    ...(pinned?.options && { options: pinned.options }),
    ...(pinned?.model && { model: pinned.model }),
  };
  if (review) {
    // Too long is for the person to fix in the panel.
    if (selection === '') await announcer.problem(describeProblem({ code: 'prompt_empty' }));
    else await composeDraft(ctx, { prompt, kind: review, ...made });
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
  // Checked as the form checks it, so a long selection in a template gets the form's message.
  const problem = promptProblem(selection && prompt);
  if (problem) {
    await announcer.problem(describeProblem(problem));
    return;
  }
  try {
    // Made with the profile that was active at the click, whatever is switched meanwhile.
    const run = { profileId: profiles.activeId, ...(made.model && { model: made.model }) };
    if (kind === 'video')
      await submitVideo(ctx, prompt, made.options ?? settings.videoDefaults, 'context-menu', run);
    else await generateImage(ctx, prompt, 'context-menu', run);
  } catch (error) {
    // Every other failure was stored with its entry and announced from there; a full storage is the
    // one that could not be stored.
    if (isQuotaError(error)) await announcer.storageFull(toErrorInfo(error));
  }
}
