/**
 * The flags every Chromium the tests and the bench start gets, beside the extension's own. A test's time on
 * the 2-core machine is its CPU time, so a browser does nothing no test looks at.
 */

/**
 * Playwright's own `--disable-features` (playwright-core's chromiumSwitches.ts). Chromium keeps only the last
 * value of a switch, so the list below must carry these too, or a second `--disable-features` would turn them
 * back on. tests/unit/start-args.test.ts fails when a Playwright release disables one not named here.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
] as const;

/**
 * Chromium 156 loads its address bar's suggestion popup, and its AI-mode variant, into two hidden WebUI
 * renderers at every start, headless too: measured here, about 1.5 s of CPU in a browser's first seconds
 * (of some 7.5 s for a start, a popup open and five page opens), for a popup no headless browser shows.
 */
const UNSEEN_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'] as const;

export const quietStartArgs = [
  // The network here is closed: without these Chromium spends its start on refused connections.
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--no-sandbox',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNSEEN_FEATURES].join(',')}`,
];
