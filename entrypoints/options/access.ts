import { t } from '@/utils/i18n';
import { type AccessRequest, requestServiceAccess } from '@/utils/ui/permissions';
import type { Outcome } from './outcome';

export type AccessAsked = AccessRequest | { failed: string; origin: string };

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Asks for access to the service origin if it is not loopback. Must run synchronously inside the click
 * handler (a user gesture), so the caller calls it before awaiting anything.
 */
export function askAccess(baseUrl: string): AccessAsked {
  try {
    return requestServiceAccess(baseUrl);
  } catch (error) {
    return { failed: reason(error), origin: baseUrl };
  }
}

/** Waits for the person's answer to `askAccess`, saying what happens meanwhile and why it failed. */
export async function accessGranted(
  request: AccessAsked,
  report: (outcome: Outcome) => void,
): Promise<boolean> {
  if ('failed' in request) {
    report({ type: 'error', text: t('permissionFailed', [request.origin, request.failed]) });
    return false;
  }
  if (!request.needed) return true;
  report({ type: 'progress', text: t('askingPermission', request.origin) });
  let granted = false;
  try {
    granted = await request.granted;
  } catch (error) {
    report({ type: 'error', text: t('permissionFailed', [request.origin, reason(error)]) });
    return false;
  }
  if (!granted) report({ type: 'error', text: t('permissionDenied', request.origin) });
  return granted;
}
