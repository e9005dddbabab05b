import { useEffect, useRef } from 'react';
import { t } from '@/utils/i18n';
import controls from './controls.module.css';

/**
 * The answer to "are you sure?": a danger button that acts and *Cancel*, both held while the action runs.
 * Shown only while the question is asked, so keyboard focus moves onto the answer when it appears.
 */
export function ConfirmButtons({
  confirmLabel,
  busy,
  onConfirm,
  onCancel,
}: {
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const confirmButton = useRef<HTMLButtonElement>(null);
  useEffect(() => confirmButton.current?.focus(), []);
  return (
    <>
      <button
        ref={confirmButton}
        type="button"
        className={controls.danger}
        disabled={busy}
        onClick={onConfirm}
      >
        {confirmLabel}
      </button>
      <button type="button" className={controls.button} disabled={busy} onClick={onCancel}>
        {t('cancel')}
      </button>
    </>
  );
}
