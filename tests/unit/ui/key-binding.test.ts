import { describe, expect, it } from 'vitest';
import { waitingOrigin } from '@/utils/history/page/entries';
import type { HistoryEntry } from '@/utils/history/schema';
import { keyForTypedUrl } from '@/utils/settings/page/settings-form';

const A = 'https://a.example';
const B = 'https://b.example';

const job = (status: HistoryEntry['status'] = 'running'): HistoryEntry => ({
  id: 'v',
  kind: 'video',
  prompt: 'p',
  model: '',
  source: 'popup',
  status,
  urls: [],
  createdAt: 0,
  poll: { baseUrl: `${A}/gen`, jobId: 'j', attempts: 0, failures: 0, nextPollAt: 0 },
});

describe('a job waiting for its service', () => {
  it('is labelled with its origin while the stored key belongs elsewhere or is gone', () => {
    expect(waitingOrigin(job(), { set: true, origin: B })).toBe(A);
    expect(waitingOrigin(job(), { set: false })).toBe(A);
    expect(waitingOrigin(job(), { set: true, origin: A })).toBeUndefined();
    expect(waitingOrigin(job('completed'), { set: true, origin: B })).toBeUndefined();
    // Before the background answered nothing is known, so nothing is labelled on a guess.
    expect(waitingOrigin(job(), undefined)).toBeUndefined();
  });
});

describe('the stored key against the URL in the form', () => {
  it('shows the key as set only for its own origin and offers the explicit reuse choice elsewhere', () => {
    const key = { set: true, origin: A, last4: '1234' };
    expect(keyForTypedUrl(key, `${A}/v1/`)).toEqual({ status: key, target: A });
    expect(keyForTypedUrl({ ...key, set: false }, A).status?.set).toBe(true);
    expect(keyForTypedUrl(key, ` ${B} `)).toEqual({ status: { set: false }, target: B, elsewhere: A });
    expect(keyForTypedUrl(key, 'not a url')).toEqual({ status: key, target: '' });
    expect(keyForTypedUrl({ set: false }, B)).toEqual({ status: { set: false }, target: B });
  });
});
