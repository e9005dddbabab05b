import { createHash } from 'node:crypto';
import path from 'node:path';
import { createServer } from 'vite';
import type { WxtViteConfig } from 'wxt';
import { englishI18n } from './english-i18n';

/** A Vite plugin as WXT's own Vite knows it. */
export type Plugin = Extract<NonNullable<WxtViteConfig['plugins']>[number], { name: string }>;

type Alias = Array<{ find: string | RegExp; replacement: string }>;

/** The project's folder, whichever folder the build was started from. */
const PROJECT = path.resolve(import.meta.dirname, '..');

/**
 * CSS module class names from the file and the class alone. The pages' build and the build-time render
 * load the same stylesheets through different pipelines: names that depend on nothing else are the same
 * in both, so the prerendered markup matches the stylesheet and what React renders in the browser.
 */
export function scopedClassName(local: string, file: string): string {
  return `_${local}_${moduleSuffix(file)}`;
}

/** What every class name of one CSS module ends with: a hash of the module's path in the project. */
export function moduleSuffix(file: string): string {
  const relative = path
    .relative(PROJECT, file.split('?')[0] ?? file)
    .split(path.sep)
    .join('/');
  return createHash('sha256').update(relative).digest('base64url').slice(0, 5);
}

const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * Renders each page's first frame (build/first-frames.tsx, the real components with no data) into its
 * HTML, inside `#root`, where React later hydrates it. The components run in Node through a Vite server's
 * SSR loader (no port, no watcher), with the pages' aliases and class names and an English `chrome.i18n`.
 * `pages` maps an HTML file of the bundle to the name of its frame in first-frames.tsx.
 */
export function prerenderFirstFrames(pages: Record<string, string>): Plugin {
  let root = process.cwd();
  let alias: Alias = [];
  return {
    name: 'promptcast:prerender-first-frames',
    apply: 'build',
    // After Vite's own HTML plugin has written the pages into the bundle.
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      alias = config.resolve.alias;
    },
    async generateBundle(_options, bundle) {
      const here = Object.entries(pages).filter(([html]) => bundle[html]?.type === 'asset');
      if (here.length === 0) return;
      const frames = await renderFrames(root, alias);
      const css = Object.values(bundle)
        .map((file) =>
          file.type === 'asset' && file.fileName.endsWith('.css') ? file.source.toString() : '',
        )
        .join('\n');
      for (const [html, name] of here) {
        const page = bundle[html];
        const markup = frames[name];
        if (page?.type !== 'asset' || typeof page.source !== 'string' || markup === undefined)
          throw new Error(`first frame: no page ${html} or frame ${name}`);
        if (!page.source.includes(ROOT_ELEMENT))
          throw new Error(`first frame: ${html} has no ${ROOT_ELEMENT}`);
        const unstyled = classesOf(markup).filter(
          (name) => name.startsWith('_') && !css.includes(`.${name}`),
        );
        if (unstyled.length > 0)
          throw new Error(`first frame of ${html}: classes not in the stylesheet: ${unstyled.join(' ')}`);
        page.source = page.source.replace(ROOT_ELEMENT, `<div id="root">${markup}</div>`);
      }
    },
  };
}

function classesOf(markup: string): string[] {
  return [...markup.matchAll(/class="([^"]*)"/g)].flatMap((match) => (match[1] ?? '').split(/\s+/));
}

/** The page components expect the browser's `chrome`; at build time they get English messages. */
async function renderFrames(root: string, alias: Alias): Promise<Record<string, string>> {
  const scope = globalThis as { chrome?: unknown };
  const before = scope.chrome;
  scope.chrome = { i18n: englishI18n(path.join(root, 'public', '_locales')), runtime: {} };
  const server = await createServer({
    configFile: false,
    root,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true },
    resolve: { alias },
    css: { modules: { generateScopedName: scopedClassName } },
  });
  try {
    const module = (await server.ssrLoadModule(
      path.join(root, 'build', 'first-frames.tsx'),
    )) as typeof import('./first-frames');
    // Rendering reads `chrome.i18n` too, so the frames render while the stand-in is still there.
    return Object.fromEntries(Object.entries(module.firstFrames).map(([name, render]) => [name, render()]));
  } finally {
    scope.chrome = before;
    await server.close();
  }
}
