import { useCallback, useEffect, useRef, useState } from 'react';
import { balanceIsStale, type ShownBalance } from '@/utils/balance/page/balance';
import type { ErrorInfo } from '@/utils/errors';
import { send } from '@/utils/messaging/send';
import { failureInfo } from '@/utils/ui/failure-info';

export interface BalanceRefresh {
  /** This popup's own refresh is in flight. */
  checking: boolean;
  /** Why this popup's refresh failed, until the stored figure changes. */
  failure?: ErrorInfo;
  refresh: () => void;
}

/**
 * Asks the background for the balance once on open, only when the stored figure is missing or old: a
 * popup reopened often must not wake the worker each time. The answer arrives through storage.
 */
export function useBalanceRefresh(
  shown: ShownBalance | undefined,
  read: boolean,
  configured: boolean,
): BalanceRefresh {
  const [checking, setChecking] = useState(false);
  const [failure, setFailure] = useState<ErrorInfo | undefined>(undefined);
  const asked = useRef(false);

  const refresh = useCallback(() => {
    setChecking(true);
    setFailure(undefined);
    send({ type: 'refreshBalance' })
      .catch(async (error: unknown) => setFailure(await failureInfo(error)))
      .finally(() => setChecking(false));
  }, []);

  useEffect(() => {
    if (!read || asked.current) return;
    asked.current = true;
    if (configured && shown && balanceIsStale(shown, Date.now())) refresh();
  }, [read, configured, shown, refresh]);

  const fetchedAt = shown?.balance?.fetchedAt;
  // A figure stored since (a refresh after a job, say) is newer than the failure.
  useEffect(() => {
    if (fetchedAt !== undefined) setFailure(undefined);
  }, [fetchedAt]);

  return { checking, ...(failure ? { failure } : {}), refresh };
}
