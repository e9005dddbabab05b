import type { Diagnosis } from './doctor/diagnosis';
import type { ErrorInfo } from './error-info';
import { formatCredits, type MessageKey, t, wordKey } from './i18n';
import { collapseWhitespace, truncate } from './text';

/*
 * The sentences for failures, apart from i18n.ts: a page shows them only once something failed, so the
 * popup loads them then (components/DescribedError.tsx), not with every open.
 */

function clip(text: string): string {
  return truncate(collapseWhitespace(text));
}

function withDetail(main: string, detail: string | undefined, key: MessageKey = 'errorServiceSaid'): string {
  return detail?.trim() ? `${main} ${t(key, clip(detail))}` : main;
}

/** The sentence that names the HTTP status, or its `NoStatus` twin where none came, and the service's words. */
function withStatus(info: ErrorInfo, key: 'errorServerError' | 'errorHttpError'): string {
  const main = info.status !== undefined ? t(key, String(info.status)) : t(`${key}NoStatus`);
  return withDetail(main, info.detail);
}

/** A specific, localised sentence for each kind of failure, with the service's own words where useful. */
export function describeError(info: ErrorInfo): string {
  // Kept aside for a kind this build does not know (a newer background after an update, say).
  const fallback = info.message;
  switch (info.kind) {
    case 'insufficient_credits':
      return withDetail(
        info.balance !== undefined
          ? t('errorInsufficientCreditsBalance', formatCredits(info.balance))
          : t('errorInsufficientCredits'),
        info.detail,
      );
    case 'rate_limited':
      return info.retryAfterMs !== undefined && info.retryAfterMs > 0
        ? t('errorRateLimited', Math.max(1, Math.ceil(info.retryAfterMs / 1000)))
        : t('errorRateLimitedNoWait');
    case 'server_error':
      return withStatus(info, 'errorServerError');
    case 'http_error':
      return withStatus(info, 'errorHttpError');
    case 'invalid_response':
      return withDetail(t('errorInvalidResponse'), info.detail, 'errorDetails');
    case 'redirect':
      return t('errorRedirect', info.detail?.trim() ? clip(info.detail) : t('errorRedirectUnknownTarget'));
    case 'invalid_request':
      return t('errorInvalidRequest', clip(info.detail ?? info.message));
    case 'job_failed':
      return withDetail(t('errorJobFailed'), info.detail, 'errorReason');
    case 'download_failed':
      return describeDownloadFailure(info.detail);
    case 'over_budget':
      return describeOverBudget(info.budget);
    case 'invalid_input':
      return t('errorInvalidInput', clip(info.detail ?? info.message));
    case 'unexpected':
      return t('errorUnexpected', clip(info.message));
    default: {
      // Every other kind has one plain sentence, named after it ("job_timeout": errorJobTimeout), or one per
      // reason where what to do differs ("backup" for "full": errorBackupFull; "unsafe_media" for
      // "private_address": errorUnsafeMediaPrivateAddress), which may say the status; a
      // kind this build does not know (a newer background after an update, say) has none, and its words stand.
      const status = info.status === undefined ? undefined : String(info.status);
      for (const key of [wordKey('error', `${info.kind}_${info.detail}`), wordKey('error', info.kind)]) {
        const text = t(key, status);
        if (text !== key) return text;
      }
      return fallback;
    }
  }
}

/** Which budget a generation would go over, with the figures the person decides by. */
function describeOverBudget(budget: ErrorInfo['budget']): string {
  if (!budget) return t('errorOverBudgetUnknown');
  const figures = [formatCredits(budget.spent), formatCredits(budget.limit)];
  const period = budget.period === 'day' ? 'Day' : 'Month';
  // Used up, it is over whatever this one would cost.
  return budget.cost === undefined || budget.spent >= budget.limit
    ? t(`errorOverBudget${period}`, figures)
    : t(`errorOverBudget${period}Cost`, [...figures, formatCredits(budget.cost)]);
}

/** The browser's interrupt reasons, grouped by what a person can do about them. */
function describeDownloadFailure(reason: string | undefined): string {
  if (reason?.startsWith('SERVER_')) return t('errorDownloadGone');
  if (reason?.startsWith('NETWORK_')) return t('errorDownloadNetwork');
  if (reason?.startsWith('FILE_')) return t('errorDownloadFile');
  if (reason === 'USER_CANCELED') return t('errorDownloadCanceled');
  return t('errorDownloadFailed', reason ?? '?');
}

/** The sentence for what Test connection found, naming the address tried (never the key). */
export function describeDiagnosis(diagnosis: Diagnosis): string {
  switch (diagnosis.code) {
    case 'insecure_http':
      return t('doctorInsecure', diagnosis.url);
    case 'unreachable':
      return t('doctorUnreachable', [diagnosis.host, diagnosis.url]);
    case 'refused':
      return t('doctorRefused', diagnosis.url);
    case 'not_found':
      return t('doctorNotFound', diagnosis.urls);
    case 'unauthorized':
      return t('doctorUnauthorized', diagnosis.url);
    case 'no_credits':
      return t('doctorNoCredits', diagnosis.url);
    case 'not_interface_json':
      return t('doctorNotInterfaceJson', diagnosis.url);
    case 'other':
      return describeError(diagnosis.info);
  }
}
