import type { ErrorInfo } from '../errors';

/**
 * A failure as the ErrorInfo a page shows (toErrorInfo), with error-info.ts fetched by the first failure: a
 * page that never fails never loads it. Should that fetch fail too, the failure's own words are kept.
 */
export function failureInfo(failure: unknown): Promise<ErrorInfo> {
  return import('../error-info').then(
    ({ toErrorInfo }) => toErrorInfo(failure),
    (): ErrorInfo => ({ kind: 'unexpected', message: String(failure) }),
  );
}
