import { useState } from 'react';
import type { LibraryPrompt } from '@/utils/library/schema';
import { shownLibrary } from '@/utils/library/view';
import { templateVariables } from '@/utils/prompts/template';
import { libraryItem } from '@/utils/storage/items';
import { useStoredValue } from '@/utils/ui/use-stored';
import { TemplateForm } from '../prompts/TemplateForm';
import { LibraryPicker } from './LibraryPicker';

export interface LibraryInsertProps {
  /** The text to put in the prompt box (variables filled in) and the saved prompt it came from. */
  onInsert: (text: string, prompt: LibraryPrompt) => void;
  onClose: () => void;
}

/**
 * The picker, then the variables' form for a prompt that has any. Loaded on demand (the popup's first paint
 * never reads the library), and reading the library only once opened.
 */
export function LibraryInsert({ onInsert, onClose }: LibraryInsertProps) {
  const library = useStoredValue(libraryItem, shownLibrary);
  const [chosen, setChosen] = useState<LibraryPrompt | undefined>(undefined);
  if (chosen) {
    return (
      <TemplateForm
        prompt={chosen}
        variables={templateVariables(chosen.text)}
        onConfirm={(text) => onInsert(text, chosen)}
        onCancel={onClose}
      />
    );
  }
  return (
    <LibraryPicker
      prompts={library.read || library.error ? (library.value ?? []) : undefined}
      onPick={(prompt) => {
        if (templateVariables(prompt.text).length > 0) setChosen(prompt);
        else onInsert(prompt.text, prompt);
      }}
      onClose={onClose}
    />
  );
}
