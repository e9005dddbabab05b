import { parseHttpUrl } from '../http-url';
import { collapseWhitespace, truncate } from '../text';
import { notHttpUrl } from './answers';
import type { NormalisedStatus, VideoJob, VideoJobResponse } from './schemas';
import { pickMessage } from './text';

// The interface names only `queued` and `completed` (section 3); these are the words other services
// commonly use for the two final outcomes. Anything unrecognised counts as still running, so a new
// intermediate state never ends a poll early.
const COMPLETED = new Set([
  'completed',
  'complete',
  'succeeded',
  'success',
  'successful',
  'done',
  'finished',
]);
const FAILED = new Set([
  'failed',
  'failure',
  'error',
  'errored',
  'cancelled',
  'canceled',
  'expired',
  'rejected',
]);

export function normaliseStatus(raw: string): NormalisedStatus {
  const word = raw.trim().toLowerCase();
  if (COMPLETED.has(word)) return 'completed';
  if (FAILED.has(word)) return 'failed';
  return 'running';
}

/** Keeps only absolute http(s) URLs, normalised by the URL parser, without duplicates. */
export function usableUrls(values: readonly unknown[] | null | undefined): string[] {
  // A Set keeps the first occurrence's place, so the files stay in the service's order.
  const urls = new Set<string>();
  for (const value of values ?? []) {
    const url = parseHttpUrl(value)?.href;
    if (url !== undefined) urls.add(url);
  }
  return [...urls];
}

/**
 * Interprets a validated job record. A job that says it completed but carries no usable URL is reported
 * as failed, since there is nothing to show and polling further would never change that. A failure with
 * no reason of the service's, and a completion with no URL at all, are `no_result`: section 7 of the
 * interface points such an empty result at the model id, the prompt or the credit balance.
 */
export function interpretJob(response: VideoJobResponse, requestedId: string): VideoJob {
  const status = normaliseStatus(response.status);
  const job: VideoJob = {
    id: response.id ?? requestedId,
    status,
    rawStatus: response.status,
    videoUrls: usableUrls(response.videoUrls),
  };
  if (status === 'failed') {
    const reason = serverReason(response);
    if (reason === undefined) job.errorKind = 'no_result';
    else job.error = reason;
  } else if (status === 'completed' && job.videoUrls.length === 0) {
    job.status = 'failed';
    // URLs that were sent but cannot be used (javascript:, data:, relative, not text) are a broken or
    // hostile answer, not the empty result section 7 of the interface explains.
    const offered = (response.videoUrls ?? []).filter(
      (value) => value !== null && value !== undefined && !(typeof value === 'string' && value.trim() === ''),
    );
    if (offered.length > 0) {
      job.errorKind = 'invalid_response';
      job.detail = notHttpUrl('video', String(offered[0]));
    } else {
      job.errorKind = 'no_result';
    }
  }
  return job;
}

function serverReason(response: VideoJobResponse): string | undefined {
  const text = pickMessage(response.error) ?? pickMessage(response.message) ?? pickMessage(response.reason);
  if (text === undefined) return undefined;
  const line = collapseWhitespace(text);
  return line === '' ? undefined : truncate(line);
}
