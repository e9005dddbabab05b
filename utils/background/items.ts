import { balanceItem, pathFormsItem } from '../storage/items';
import { repairBalance, repairedItem, repairPathForms } from '../storage/repair';

/*
 * The background's view of the items it alone writes, each read repaired into the stored shape. The
 * settings, key and key-status items are imported from their own modules (settings/store, api-key,
 * storage/items). In unit tests fakeBrowser's storage backs all of them.
 */

export const storedBalanceItem = repairedItem(balanceItem, repairBalance);

export const storedPathFormsItem = repairedItem(pathFormsItem, repairPathForms);
