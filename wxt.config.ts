import path from 'node:path';
import { defineConfig } from 'wxt';
import {
  type Plugin,
  prerenderFirstFrames,
  readableClassName,
  scopedClassName,
} from './build/first-frame-plugin';
import { inlineStylesheet } from './build/inline-stylesheet';
import { TERSER_OPTIONS, WORKER_TERSER_OPTIONS } from './build/minify';
import { polyfillOnDemand } from './build/polyfill-on-demand';

/**
 * Development builds (`npm run dev`, `npm start`: mode "development") point at the local reference service
 * with a demo key so a newcomer sees the extension work without an account. Any other build (`wxt build`,
 * `wxt zip`, for either browser) is one that could be shipped: the variables set there are a mistake that
 * would put a service address and a key into a release, so the build stops instead of leaving them out
 * silently.
 */
function devDefaults(mode: string): { serviceUrl: string; apiKey: string } {
  const serviceUrl = process.env.PROMPTCAST_DEV_SERVICE_URL ?? '';
  const apiKey = process.env.PROMPTCAST_DEV_API_KEY ?? '';
  if (mode === 'development') return { serviceUrl, apiKey: serviceUrl ? apiKey : '' };
  if (serviceUrl || apiKey) {
    throw new Error(
      `PROMPTCAST_DEV_SERVICE_URL and PROMPTCAST_DEV_API_KEY are for development builds only, and this is a ${mode} build. Unset them to build or zip a release; npm start and npm run dev set them for development.`,
    );
  }
  return { serviceUrl: '', apiKey: '' };
}

/**
 * Vite wraps every `import()` in a helper that first preloads the chunk's dependency list. Scripts
 * get no such lists here (`resolveDependencies` below keeps them for HTML only), yet the helper (0.7 KB gzip of link-tag and CSS
 * preloading code) is still loaded by every page: this leaves it a plain call of the import. Should a
 * Vite release shape the helper differently, nothing matches and the stock helper stays.
 */
function bareDynamicImports(): Plugin {
  let pagesTogether = false;
  return {
    name: 'promptcast:bare-dynamic-imports',
    apply: 'build',
    options(input) {
      const entries = input.input;
      pagesTogether = typeof entries === 'object' && Object.keys(entries).length > 1;
      return null;
    },
    // Where pages are built together, Rollup puts the helper in a chunk of its own only while no other
    // module has exactly its importers (the popup's and the side panel's entries share one): named here, it
    // stays alone and recognisable. A page built alone keeps it inside its one script.
    outputOptions(options) {
      if (!pagesTogether || options.inlineDynamicImports || options.manualChunks) return null;
      return {
        ...options,
        manualChunks: (id: string) => (id.includes('vite/preload-helper') ? 'preload-helper' : undefined),
      };
    },
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || chunk.name !== 'preload-helper') continue;
        const exported = /export\s*\{\s*([\w$]+)\s+as\s+([\w$]+)\s*\}/.exec(chunk.code);
        if (exported)
          chunk.code = `const load=(importChunk)=>importChunk();export{load as ${exported[2]}};\n`;
      }
    },
  };
}

/** The browser the running build is for, known once WXT resolved its config. */
let targetBrowser = 'chrome';

export default defineConfig({
  modules: ['@wxt-dev/module-react', '@wxt-dev/webextension-polyfill'],
  imports: false,
  manifest: ({ browser }) => ({
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'en',
    // webRequest reads nothing by itself: it names why the extension's own request to a host it was granted
    // got no answer (a certificate, failure-watch.ts). Asked for at install: Chromium honours a grant made at
    // run time only after a browser restart.
    permissions: [
      'storage',
      'alarms',
      'notifications',
      'contextMenus',
      'downloads',
      'unlimitedStorage',
      'webRequest',
    ],
    commands: {
      // Firefox names the action command of an MV2 build differently.
      [browser === 'firefox' ? '_execute_browser_action' : '_execute_action']: {
        suggested_key: { default: 'Alt+Shift+P' },
      },
      'open-side-panel': {
        suggested_key: { default: 'Alt+Shift+Y' },
        description: '__MSG_commandOpenSidePanel__',
      },
    },
    // Loopback origins only: any other service origin is requested at run time from the options page.
    // Plain http is allowed for loopback only (the key travels in a header), so only https is optional.
    host_permissions: ['http://127.0.0.1/*', 'http://localhost/*', 'http://[::1]/*'],
    optional_host_permissions: ['https://*/*'],
    ...(browser === 'firefox'
      ? {
          // MV2 has no optional_host_permissions (WXT drops it): Firefox only lets the options page request
          // a service origin that is listed here.
          optional_permissions: ['https://*/*'],
          browser_specific_settings: {
            gecko: {
              id: 'promptcast@example.org',
              data_collection_permissions: { required: ['none'] },
            },
          },
        }
      : {}),
  }),
  // `npm run zip`: .output/promptcast-<version>-chrome.zip, -firefox.zip and, for Firefox's review,
  // -sources.zip. WXT already leaves out node_modules, dot-folders (.output, .wxt, .ci) and *.test/*.spec
  // files; the sources need no test code, reports or local tooling either, only what `npm ci &&
  // npm run build:firefox` uses.
  zip: {
    excludeSources: [
      'tests/**',
      'test-results/**',
      'playwright-report/**',
      'bench-results/**',
      'coverage/**',
      'stats.html',
      '**/*.log',
      'playwright.config.ts',
      'vitest.config.ts',
      'vitest.firefox.config.ts',
    ],
  },
  hooks: {
    'config:resolved': (wxt) => {
      targetBrowser = wxt.config.browser;
    },
    // WXT reads an entrypoint named "history" as a replacement for the browser's own history page
    // (chrome_url_overrides); ours is an ordinary extension page that lists past generations.
    'entrypoints:found': (_wxt, infos) => {
      for (const info of infos) if (info.type === 'history') info.type = 'unlisted-page';
    },
    // The history page is built on its own, so that everything it shows at open (React included) is one
    // script: each further file an extension page loads costs its first frame a few milliseconds of main
    // thread, and the page shares no chunk with the popup that the popup would lose by it.
    // The library page too: built with the others, it split their shared chunks differently and the popup
    // loaded 0.7 KB more of gzip at open. And the options page: a module the popup shares with it goes whole
    // into their shared chunk, so the popup loaded what only the options page calls (the address, key and
    // file-name checks, the errors of forms it does not have).
    'entrypoints:grouped': (_wxt, groups) => {
      for (const name of ['history', 'library', 'options']) {
        for (const group of groups) {
          if (!Array.isArray(group) || group.length < 2) continue;
          const at = group.findIndex((entry) => entry.name === name);
          if (at < 0) continue;
          groups.push(group.splice(at, 1));
          break;
        }
      }
    },
    // webextension-polyfill serves the background, where Chrome's onMessage needs its promise replies.
    // Pages only call promise-returning APIs that every MV3 browser already has, so there the polyfill
    // is 3 KB of gzip the popup would load for nothing: they get the browser's own namespace instead.
    // The Chromium worker gets it from its own file, and only where the browser lacks the namespace
    // (build/polyfill-on-demand.ts); Firefox's background page keeps the package's module (a no-op there).
    'vite:build:extendConfig': (entrypoints, config) => {
      const worker = entrypoints.some((entry) => entry.type === 'background');
      if (worker && targetBrowser === 'firefox') return;
      const own = {
        find: /^wxt\/browser$/,
        replacement: worker ? path.resolve('utils/background/browser-namespace.ts') : '@wxt-dev/browser',
      };
      if (worker) {
        config.plugins = [...(config.plugins ?? []), polyfillOnDemand()];
        config.build = { ...config.build, terserOptions: WORKER_TERSER_OPTIONS };
      }
      const alias = config.resolve?.alias;
      const rest = Array.isArray(alias)
        ? alias
        : Object.entries(alias ?? {}).map(([find, replacement]) => ({ find, replacement }));
      config.resolve = { ...config.resolve, alias: [own, ...rest] };
    },
  },
  vite: ({ mode }) => {
    const classNaming = mode === 'development' ? readableClassName : scopedClassName;
    return {
      // One stylesheet per page: fewer render-blocking requests before the popup's first paint. No module
      // preload polyfill and no preload lists in scripts: the popup's bundle budget has no room for either. A
      // page's HTML does preload its own static imports, so the side panel fetches its shared chunks at once
      // instead of one round trip after its entry script.
      build: {
        // Terser's second pass takes about 5 % more off esbuild's output (2.4 KB of gzip in the worker, whose
        // budget is 40 KB, 2.2 KB in the popup) for ten seconds of build time, which development builds skip.
        minify: mode === 'development' ? 'esbuild' : 'terser',
        terserOptions: TERSER_OPTIONS,
        cssCodeSplit: false,
        modulePreload: {
          polyfill: false,
          resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
        },
      },
      css: { modules: { generateScopedName: classNaming } },
      plugins: [
        bareDynamicImports(),
        prerenderFirstFrames(
          {
            'entrypoints/popup/index.html': 'popup',
            'entrypoints/sidepanel/index.html': 'sidepanel',
          },
          classNaming,
        ),
        inlineStylesheet(
          'entrypoints/history/index.html',
          'entrypoints/popup/index.html',
          'entrypoints/sidepanel/index.html',
        ),
      ],
      define: (({ serviceUrl, apiKey }) => ({
        __DEV_SERVICE_URL__: JSON.stringify(serviceUrl),
        __DEV_API_KEY__: JSON.stringify(apiKey),
      }))(devDefaults(mode)),
    };
  },
});
