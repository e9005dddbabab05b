import * as z from 'zod/mini';
import type { PathForm } from '../api/path-forms';
import { errorInfoSchema } from '../errors';
import { balanceSchema } from '../messaging/protocol';
import type { StoredBalance } from './items';

export interface Item<T> {
  getValue(): Promise<T>;
  setValue(value: T): Promise<void>;
}

/** A storage item as the background sees it: every read repaired into the stored shape. */
export function repairedItem<T>(item: Item<T>, repair: (stored: unknown) => T): Item<T> {
  return {
    getValue: async () => repair(await item.getValue()),
    setValue: (value) => item.setValue(value),
  };
}

const accountSchema = z.object({ origin: z.string(), keyId: z.string() });

/**
 * A damaged balance is no balance (the next refresh fetches one); a damaged error is just dropped. The
 * account is kept: without it no figure could ever be shown as the configured account's.
 */
export function repairBalance(stored: unknown): StoredBalance {
  const source = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const balance = balanceSchema.safeParse(source.balance);
  const error = errorInfoSchema.safeParse(source.error);
  const account = accountSchema.safeParse(source.account);
  return {
    balance: balance.success ? balance.data : null,
    ...(error.success ? { error: error.data } : {}),
    ...(account.success ? { account: account.data } : {}),
  };
}

const pathFormSchema = z.enum(['v1', 'api']);

/** Keeps each base URL's remembered path form that is still one of the two; the rest are found again. */
export function repairPathForms(stored: unknown): Record<string, PathForm> {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {};
  const forms: Record<string, PathForm> = {};
  for (const [baseUrl, form] of Object.entries(stored)) {
    const parsed = pathFormSchema.safeParse(form);
    if (parsed.success) forms[baseUrl] = parsed.data;
  }
  return forms;
}
