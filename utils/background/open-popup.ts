import { toolbarButton } from '../toolbar-button';

/**
 * Opens the toolbar popup, where locked keys are unlocked. Call it synchronously from the click that asks
 * for it: Firefox opens a popup only within a person's action, and Chrome only into a focused window.
 */
export function openActionPopup(): Promise<void> {
  return toolbarButton().openPopup();
}
