import type { Context } from '../../background/context';
import type { VideoOptions } from '../../settings/schema';
import { validSettingsItem } from '../../settings/store';
import { type ComposerDraft, composerDraftItem } from '../../storage/items';

/** The manifest command (keyboard shortcut) that opens the side panel. */
export const OPEN_PANEL_COMMAND = 'open-side-panel';

export interface DraftRequest {
  prompt: string;
  kind: ComposerDraft['kind'];
  /** Without them, the video defaults from the settings. */
  options?: VideoOptions;
  /** A pinned library prompt's own model. */
  model?: string;
}

/** Puts a prompt in the side panel's form; an open panel fills itself from it, a panel opening next does. */
export function composeDraft(ctx: Context, request: DraftRequest): Promise<{ id: string }> {
  return ctx.serially(async () => {
    const options = request.options ?? (await validSettingsItem.getValue()).videoDefaults;
    const id = ctx.platform.newId();
    await composerDraftItem.setValue({ ...request, id, options, createdAt: ctx.platform.now() });
    return { id };
  });
}

/** The panel took the draft into its form; a newer draft written meanwhile stays for it to take next. */
export function takeComposerDraft(ctx: Context, id: string): Promise<{ taken: boolean }> {
  return ctx.serially(async () => {
    const current = await composerDraftItem.getValue();
    if (current?.id !== id) return { taken: false };
    await composerDraftItem.setValue(null);
    return { taken: true };
  });
}
