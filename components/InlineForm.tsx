import type { ReactNode } from 'react';

interface Props {
  className?: string | undefined;
  /** Enter in one of its text fields. */
  onEnter: () => void;
  children: ReactNode;
}

/**
 * A small form that opens inside the prompt form. Forms do not nest, so it is a fieldset whose text fields
 * act on Enter as a form's would.
 */
export function InlineForm({ className, onEnter, children }: Props) {
  return (
    <fieldset
      className={className}
      onKeyDown={(event) => {
        if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
        event.preventDefault();
        onEnter();
      }}
    >
      {children}
    </fieldset>
  );
}
