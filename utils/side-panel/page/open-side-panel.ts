import { AppError } from '../../error-info';
import { CURRENT_WINDOW, requestPanel } from './panel-apis';

/**
 * Opens Chrome's side panel, or Firefox's sidebar, in the given (else the current) window. Both browsers
 * accept this only during the person's click or key press, so callers call it synchronously from the
 * handler, before anything they await.
 */
export function openSidePanel(windowId = CURRENT_WINDOW): Promise<void> {
  return requestPanel(windowId) ?? Promise.reject(new AppError('no_side_panel'));
}
