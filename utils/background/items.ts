import { byId } from '../by-id';
import { balanceItem, pathFormsItem, type StoredBalance } from '../storage/items';
import { defineKeyedItem } from '../storage/keyed-item';
import { repairBalance, repairedItem, repairPathForms } from '../storage/repair';

/*
 * The background's view of the items it alone writes, each read repaired into the stored shape. The
 * settings, key and key-status items are imported from their own modules (settings/store, api-key,
 * storage/items). In unit tests fakeBrowser's storage backs all of them.
 */

export const storedBalanceItem = repairedItem(balanceItem, repairBalance);

export const storedPathFormsItem = repairedItem(pathFormsItem, repairPathForms);

/** The last balance of each profile not active now, by profile id (see switchBalance). */
export const profileBalancesKey = 'local:profileBalances';
export const profileBalancesItem = repairedItem(
  defineKeyedItem<Record<string, StoredBalance>>(profileBalancesKey, { fallback: {} }),
  (stored) =>
    typeof stored === 'object' && stored !== null && !Array.isArray(stored)
      ? byId(Object.entries(stored).map(([id, balance]) => [id, repairBalance(balance)]))
      : {},
);

/** What a profile was told of its spending: the period starts whose 80 % was told, and a low balance. */
export interface SpendNotices {
  day?: number;
  month?: number;
  low?: boolean;
}

/** By profile id. Not repaired: a damaged record only means a notice may be told once more (budgets.ts). */
export const spendNoticesItem = defineKeyedItem<Record<string, SpendNotices>>('local:spendNotices', {
  fallback: {},
});
