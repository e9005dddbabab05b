import { useEffect, useRef } from 'react';
import { send } from '../../messaging/send';
import type { PromptDraft } from '../../prompts/page/use-prompt-draft';
import { type ComposerDraft, composerDraftItem } from '../../storage/items';
import { useStoredValue } from '../../ui/use-stored';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The stored draft if it has the shape the form reads; anything else is not filled in. */
function shownComposerDraft(stored: unknown): ComposerDraft | null {
  if (!isObject(stored) || !isObject(stored.options)) return null;
  const { id, prompt, kind, options, model, createdAt } = stored;
  const valid =
    typeof id === 'string' &&
    typeof prompt === 'string' &&
    (kind === 'image' || kind === 'video') &&
    typeof createdAt === 'number' &&
    (model === undefined || typeof model === 'string') &&
    typeof options.duration === 'number' &&
    typeof options.resolution === 'string' &&
    typeof options.aspectRatio === 'string' &&
    typeof options.generateAudio === 'boolean';
  return valid ? (stored as unknown as ComposerDraft) : null;
}

/**
 * A draft no panel took for this long (the panel failed to open, say) is old news: the person who opens the
 * panel the next day expects an empty form, not a selection they no longer remember sending.
 */
export const DRAFT_MAX_AGE_MS = 30 * 60 * 1000;

/**
 * Fills the form from a prompt sent for review (now or while the page was closed, up to DRAFT_MAX_AGE_MS
 * ago), focuses the prompt box, and tells the background it was taken, so it is filled once and by one
 * page. An older draft is taken without filling anything, so it does not linger either.
 */
export function useComposerDraft(draft: PromptDraft): void {
  const stored = useStoredValue(composerDraftItem, shownComposerDraft).value;
  const filled = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!stored || filled.current === stored.id) return;
    filled.current = stored.id;
    if (Date.now() - stored.createdAt <= DRAFT_MAX_AGE_MS) {
      draft.fill(stored.prompt, stored.options, stored.model);
      draft.textareaRef.current?.focus();
    }
    send({ type: 'takeComposerDraft', id: stored.id }).catch(() => undefined);
  }, [stored, draft]);
}
