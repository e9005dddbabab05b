import { describe, expect, it } from 'vitest';
import { BALANCE_FRESH_MS, balanceForService, balanceIsStale } from '@/utils/balance/page/balance';
import type { ErrorInfo } from '@/utils/errors';

const figure = { value: 900, fetchedAt: 10_000 };
const account = { origin: 'https://api.example.com', keyId: 'k1' };
const error: ErrorInfo = { kind: 'timeout', message: 'slow' };

describe('balanceForService', () => {
  it('shows the stored figure and its error for the service it was fetched for', () => {
    expect(balanceForService({ balance: figure, error, account }, 'https://api.example.com/v1')).toEqual({
      balance: figure,
      error,
    });
  });

  it("shows nothing of another service's figure, of an untagged one, or when no service is set", () => {
    const stored = { balance: figure, error, account };
    expect(balanceForService(stored, 'https://other.example.com')).toEqual({ balance: null });
    expect(balanceForService({ balance: figure }, 'https://api.example.com')).toEqual({ balance: null });
    expect(balanceForService(stored, '')).toEqual({ balance: null });
  });
});

describe('balanceIsStale', () => {
  it('asks again only for a missing figure or one older than a minute', () => {
    expect(balanceIsStale({ balance: null }, 0)).toBe(true);
    expect(balanceIsStale({ balance: figure }, figure.fetchedAt + BALANCE_FRESH_MS)).toBe(false);
    expect(balanceIsStale({ balance: figure }, figure.fetchedAt + BALANCE_FRESH_MS + 1)).toBe(true);
  });
});
