import type { MessageKey } from '../i18n';
import type { EntryCopy } from './copies-schema';

/**
 * The state a person sees for an entry's files. "Gone" needs the page's own observation that the service
 * URL failed to load, since only loading it tells; "expired" is the background's, from the media host's 404.
 */
export function copyStatusKey(copy: EntryCopy | undefined, serviceFileFailed: boolean): MessageKey {
  switch (copy?.state) {
    case 'kept':
      return 'copyKept';
    case 'keeping':
      return 'copyKeeping';
    case 'expired':
      return 'copyExpired';
    case 'tooBig':
      return 'copyTooBig';
    default:
      return serviceFileFailed ? 'copyGone' : 'copyServiceOnly';
  }
}
