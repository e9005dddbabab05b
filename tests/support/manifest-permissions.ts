/**
 * The permissions every build asks for at install, as the tests of the built manifests expect them (Chrome's
 * adds `sidePanel`): downloads to save results (utils/downloads/download.ts), unlimitedStorage for kept
 * copies, webRequest to name why a request got no answer (utils/background/failure-watch.ts).
 */
export const INSTALL_PERMISSIONS = [
  'storage',
  'alarms',
  'notifications',
  'contextMenus',
  'downloads',
  'unlimitedStorage',
  'webRequest',
];
