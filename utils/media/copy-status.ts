import type { MessageKey } from '../i18n';
import type { EntryCopy } from './copies-schema';

/**
 * The state a person sees for an entry's files. "Gone" needs the page's own observation that the service
 * URL failed to load, since only loading it tells.
 */
export function copyStatusKey(copy: EntryCopy | undefined, serviceFileFailed: boolean): MessageKey {
  if (copy?.state === 'kept') return 'copyKept';
  if (copy?.state === 'keeping') return 'copyKeeping';
  return serviceFileFailed ? 'copyGone' : 'copyServiceOnly';
}
