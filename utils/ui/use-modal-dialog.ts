import { useEffect, useRef } from 'react';

/**
 * A dialog shown modal while its component is mounted, with focus on its Close button (`closeRef`). On
 * unmount it closes and focus goes back to `opener`: by default whatever had focus when it opened.
 */
export function useModalDialog(opener?: HTMLElement) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const back = opener ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    closeRef.current?.focus();
    return () => {
      if (dialog?.open) dialog.close();
      back?.focus();
    };
  }, [opener]);
  return { dialogRef, closeRef };
}
