import { useState } from 'react';
import { describeProblem } from '@/utils/i18n';
import type { KeyStatus } from '@/utils/messaging/protocol';
import { keyForTypedUrl } from '@/utils/settings/page/settings-form';
import { apiKeyProblem } from '@/utils/validation';

/** The key field: a newly typed key, or the choice to reuse the one stored for another service. */
export function useKeyChoice(stored: KeyStatus | undefined, baseUrl: string) {
  const [typed, setTyped] = useState('');
  const [editing, setEditing] = useState(false);
  const [reuse, setReuse] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);

  const key = keyForTypedUrl(stored, baseUrl);
  const trimmed = typed.trim();

  /** What a save or test sends about the key. */
  const choice = (): { apiKey?: string; reuseKey?: boolean } => {
    if (key.elsewhere !== undefined && reuse) return { reuseKey: true };
    return (editing || !key.status?.set) && trimmed ? { apiKey: trimmed } : {};
  };

  return {
    key,
    typed,
    setTyped,
    editing,
    setEditing,
    reuse,
    setReuse,
    problem,
    choice,
    /** Checks a typed key can travel in a header; says why beside the field when not. */
    refused: (): boolean => {
      const found = choice().apiKey === undefined ? undefined : apiKeyProblem(trimmed);
      setProblem(found && describeProblem(found));
      return found !== undefined;
    },
    /** Puts the trimmed key in the field; true when spaces or line breaks had to go, so the page can say so. */
    trimTyped: (): boolean => {
      if (choice().apiKey === undefined || typed === trimmed) return false;
      setTyped(trimmed);
      return true;
    },
    /** Forgets what was typed, once saved or abandoned. */
    clear: () => {
      setTyped('');
      setEditing(false);
      setReuse(false);
    },
  };
}

export type KeyChoice = ReturnType<typeof useKeyChoice>;
