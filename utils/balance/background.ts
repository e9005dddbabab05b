// The feature's worker services, for other features' worker parts and the worker's core; never for pages.
export {
  forgetBalanceUnlessCurrent,
  forgetProfileBalance,
  readBalance,
  refreshBalance,
  refreshBalanceQuietly,
  storeBalance,
  switchBalance,
  withBalance,
} from './background/balance';
