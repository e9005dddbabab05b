import type { ErrorInfo } from '../../errors';
import { originOf } from '../../http-url';
import type { Balance } from '../../messaging/protocol';
import type { StoredBalance } from '../../storage/items';

export interface ShownBalance {
  balance: Balance | null;
  error?: ErrorInfo;
}

/**
 * The stored balance as it stands for the configured service: a figure fetched for another service (or
 * stored before figures named their account) is not this one's, so nothing is shown until it is fetched.
 */
export function balanceForService(stored: StoredBalance, baseUrl: string): ShownBalance {
  const origin = originOf(baseUrl);
  if (!origin || stored.account?.origin !== origin) return { balance: null };
  return { balance: stored.balance, ...(stored.error ? { error: stored.error } : {}) };
}

/** How old a figure may be before an opened popup asks for a fresh one. */
export const BALANCE_FRESH_MS = 60_000;

/** Whether a popup opening now should ask for the balance: none for this service, or an old one. */
export function balanceIsStale(shown: ShownBalance, now: number): boolean {
  return shown.balance === null || now - shown.balance.fetchedAt > BALANCE_FRESH_MS;
}
