import { MAX_LIBRARY_TAG, MAX_LIBRARY_TAGS } from '@/utils/library/limits';
import { takesSelection } from '@/utils/library/pins';
import type { LibraryPrompt } from '@/utils/library/schema';
import { tagsOf } from '@/utils/library/view';
import type { RequestOf } from '@/utils/messaging/protocol';
import { DEFAULT_SETTINGS } from '@/utils/settings/defaults';
import { fromDraft, toDraft, type VideoOptionsDraft } from '@/utils/settings/video-options';
import { MAX_PROMPT_LENGTH, type Problem } from '@/utils/validation';

/** The library page's form as typed. */
export interface EditorDraft {
  /** Absent for a new prompt. */
  id?: string;
  name: string;
  tags: string;
  text: string;
  kind: '' | 'image' | 'video';
  /** Whether the prompt carries video options of its own. */
  withOptions: boolean;
  video: VideoOptionsDraft;
  model: string;
  /** The kind the context menu offers it for, when pinned. */
  pin?: LibraryPrompt['pin'];
}

export const NEW_DRAFT: EditorDraft = {
  name: '',
  tags: '',
  text: '',
  kind: '',
  withOptions: false,
  video: toDraft(DEFAULT_SETTINGS.videoDefaults),
  model: '',
};

export function draftOf(prompt: LibraryPrompt): EditorDraft {
  return {
    id: prompt.id,
    name: prompt.name,
    tags: prompt.tags.join(', '),
    text: prompt.text,
    kind: prompt.kind ?? '',
    withOptions: prompt.options !== undefined,
    video: toDraft(prompt.options ?? DEFAULT_SETTINGS.videoDefaults),
    model: prompt.model ?? '',
    ...(prompt.pin ? { pin: prompt.pin } : {}),
  };
}

/** The fields a prompt is saved with, from a stored prompt, dates and id left to the background. */
export function fieldsOf({ id: _id, createdAt: _c, updatedAt: _u, ...fields }: LibraryPrompt) {
  return fields;
}

export type EditorProblem = 'name' | 'text' | 'tags' | 'video';

/** What the form saves, or the first field that is wrong. */
export function savedDraft(
  draft: EditorDraft,
): { prompt: RequestOf<'savePrompt'>['prompt'] } | { problem: EditorProblem; detail?: Problem } {
  const name = draft.name.trim();
  if (!name) return { problem: 'name' };
  if (!draft.text.trim() || draft.text.length > MAX_PROMPT_LENGTH) return { problem: 'text' };
  const tags = tagsOf(draft.tags);
  if (tags.length > MAX_LIBRARY_TAGS || tags.some((tag) => tag.length > MAX_LIBRARY_TAG))
    return { problem: 'tags' };
  const video = draft.withOptions ? fromDraft(draft.video) : undefined;
  if (video && 'problem' in video) return { problem: 'video', detail: video.problem };
  const model = draft.model.trim();
  return {
    prompt: {
      ...(draft.id ? { id: draft.id } : {}),
      name,
      tags,
      text: draft.text,
      ...(draft.kind ? { kind: draft.kind } : {}),
      ...(video ? { options: video.options } : {}),
      ...(model ? { model } : {}),
      // Only a prompt with a place for the selection can be offered in the context menu.
      ...(draft.pin && takesSelection(draft.text) ? { pin: draft.pin } : {}),
    },
  };
}
