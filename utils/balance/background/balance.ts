import type { Context } from '../../background/context';
import { profileBalancesItem, profileBalancesKey, storedBalanceItem } from '../../background/items';
import { AppError, type ErrorInfo, toErrorInfo } from '../../error-info';
import type { BalanceReading } from '../../history/schema';
import type { Balance } from '../../messaging/protocol';
import type { BalanceAccount, StoredBalance } from '../../storage/items';
import { balanceItem } from '../../storage/items';
import { nameOf } from '../../storage/keyed-item';

function sameAccount(a: BalanceAccount | undefined, b: BalanceAccount): boolean {
  return a !== undefined && a.origin === b.origin && a.keyId === b.keyId;
}

/**
 * Stores a balance outcome only if the service and key are still those it was fetched for: a refresh
 * that started before the person switched must not show the old account's figure as the new one's.
 */
export function storeBalance(
  ctx: Context,
  account: BalanceAccount,
  outcome: (cached: StoredBalance) => Omit<StoredBalance, 'account'>,
): Promise<boolean> {
  return ctx.serially(async () => {
    if (!sameAccount(await ctx.currentAccount(), account)) return false;
    const cached = await storedBalanceItem.getValue();
    const previous = sameAccount(cached.account, account) ? cached : { balance: null };
    await storedBalanceItem.setValue({ ...outcome(previous), account });
    return true;
  });
}

/** After a switch of service or key, the stored figure is no one's to show until it is fetched again. */
export function forgetBalanceUnlessCurrent(ctx: Context): Promise<void> {
  return ctx.serially(async () => {
    const cached = await storedBalanceItem.getValue();
    if (!sameAccount(cached.account, await ctx.currentAccount())) {
      await storedBalanceItem.setValue({ balance: null });
    }
  });
}

/**
 * The balance pages show is the active profile's; the others' last figures wait in their own item, so a
 * switch shows the profile's last known balance at once, tagged with its account as ever.
 */
export function switchBalance(
  ctx: Context,
  fromId: string,
  toId: string,
  write: (items: Record<string, unknown>) => Promise<void>,
): Promise<void> {
  return ctx.serially(async () => {
    const [cached, current] = await Promise.all([
      profileBalancesItem.getValue(),
      storedBalanceItem.getValue(),
    ]);
    const { [toId]: next, ...others } = cached;
    await write({
      [nameOf(profileBalancesKey)]: { ...others, [fromId]: current },
      [nameOf(balanceItem.key)]: next ?? { balance: null },
    });
  });
}

export function forgetProfileBalance(ctx: Context, id: string): Promise<void> {
  return ctx.serially(async () => {
    const { [id]: _, ...others } = await profileBalancesItem.getValue();
    await profileBalancesItem.setValue(others);
  });
}

/**
 * Fetches and stores the balance. The reading says whose balance it is and when it was asked for, so a
 * generation's cost can be taken from two readings of the same account with nothing else in between.
 * `askedAt`: a reading before generations is dated from when it was claimed (cost.ts), a little earlier.
 */
export async function readBalance(
  ctx: Context,
  askedAt = ctx.platform.now(),
): Promise<Balance & { reading: BalanceReading }> {
  const account = await ctx.currentAccount();
  let fresh: Balance;
  try {
    const { balance } = await (await ctx.connect()).getBalance();
    fresh = { value: balance, fetchedAt: ctx.platform.now() };
  } catch (error) {
    const info = toErrorInfo(error);
    await storeBalance(ctx, account, (cached) => ({ balance: cached.balance, error: info }));
    throw AppError.from(info);
  }
  if (!(await storeBalance(ctx, account, () => ({ balance: fresh })))) {
    throw new AppError('aborted');
  }
  return { ...fresh, reading: { value: fresh.value, at: askedAt, account } };
}

export async function refreshBalance(ctx: Context): Promise<Balance> {
  const { value, fetchedAt } = await readBalance(ctx);
  return { value, fetchedAt };
}

export async function refreshBalanceQuietly(ctx: Context): Promise<void> {
  try {
    await refreshBalance(ctx);
  } catch {
    // The failure is stored with the cached balance, where the popup shows it.
  }
}

/** "Not enough credits" is more useful with the balance the person actually has. */
export async function withBalance(ctx: Context, error: unknown): Promise<ErrorInfo> {
  const info = toErrorInfo(error);
  if (info.kind !== 'insufficient_credits') return info;
  try {
    return { ...info, balance: (await refreshBalance(ctx)).value };
  } catch {
    return info;
  }
}
