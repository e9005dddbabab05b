import type { PromptPage } from '@/utils/prompts/page/use-prompt-page';
import { ModelPicker } from './ModelPicker';

/**
 * The active profile's list of models to pick from, loaded only for a profile that has one (most popups
 * never need it), so the popup opens without its code.
 */
export function ModelChoice({ page }: { page: PromptPage }) {
  const { draft, data } = page;
  return (
    <ModelPicker
      models={page.models}
      picked={draft.picked}
      onPick={draft.pick}
      profileModel={data.settings?.modelId ?? ''}
      {...(draft.model ? { heldBy: { noteId: 'library-model-note' } } : {})}
    />
  );
}
