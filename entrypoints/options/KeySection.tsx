import { ApiKeyField } from '@/components/keys/ApiKeyField';
import type { KeyChoice } from './useKeyChoice';

interface Props {
  choice: KeyChoice;
  busy: boolean;
  onRemove: () => void;
  focusLater: (id: string) => void;
}

/** The key as it stands for the typed service URL: enter, replace, keep, remove, or reuse another's. */
export function KeySection({ choice, busy, onRemove, focusLater }: Props) {
  const { key } = choice;
  return (
    <ApiKeyField
      status={key.status}
      problem={choice.problem}
      {...(key.elsewhere !== undefined
        ? {
            elsewhere: {
              keyOrigin: key.elsewhere,
              target: key.target,
              reuse: choice.reuse,
              onReuseChange: choice.setReuse,
            },
          }
        : {})}
      editing={choice.editing}
      value={choice.typed}
      onChange={choice.setTyped}
      onReplace={() => {
        choice.setEditing(true);
        focusLater('api-key');
      }}
      onKeep={() => {
        choice.setEditing(false);
        choice.setTyped('');
      }}
      onRemove={onRemove}
      busy={busy}
    />
  );
}
