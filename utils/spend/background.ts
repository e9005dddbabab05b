// The feature's worker services, for other features' worker parts and the worker's core; never for pages.
export { startWithinBudget } from './background/budgets';
export { balanceBeforeIfAlone, settleCosts, settleCostsOrRefresh } from './background/cost';
