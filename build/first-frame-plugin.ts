import { createHash } from 'node:crypto';
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createServer } from 'vite';
import type { WxtViteConfig } from 'wxt';
import { appStartedByShell, withoutImagePreloads } from './app-after-shell';
import { withFrameClickHolds } from './frame-click-holds';
import { type BuildI18n, localeI18n } from './locale-i18n';
import { MODULE_SUFFIX_LENGTH } from './prune-css';

/** A Vite plugin as WXT's own Vite knows it. */
export type Plugin = Extract<NonNullable<WxtViteConfig['plugins']>[number], { name: string }>;

type Alias = Array<{ find: string | RegExp; replacement: string }>;

/** The project's folder, whichever folder the build was started from. */
const PROJECT = path.resolve(import.meta.dirname, '..');

/** How a CSS module's class (or keyframes) is named in the built pages, as Vite's `generateScopedName`. */
export type ClassNaming = (local: string, file: string, css: string) => string;

/**
 * CSS module class names from the file and its own source alone. The pages' build and the build-time render
 * load the same stylesheets through different pipelines: names that depend on nothing else are the same
 * in both, so the prerendered markup matches the stylesheet and what React renders in the browser.
 *
 * A shipped build names a class by its place among the module's names (`_3_<suffix>`): each name is written
 * in the stylesheet, in the markup of the first frames and in the scripts, and readable names cost the popup
 * about 0.3 KB of gzip at every open. A development build keeps them readable (`readableClassName`).
 */
export const scopedClassName: ClassNaming = (local, file, css) => {
  const index = namesIn(css).indexOf(local);
  if (index < 0) throw new Error(`CSS module ${file}: no class or keyframes named ${local}`);
  return `_${index.toString(36)}_${moduleSuffix(file)}`;
};

/** `_<class>_<suffix>`: the class as written, for development builds. */
export const readableClassName: ClassNaming = (local, file) => `_${local}_${moduleSuffix(file)}`;

/** A module's class and keyframes names, each once, in the order its source first writes them. */
function namesIn(css: string): string[] {
  return [
    ...new Set([...css.matchAll(/(?:\.|@keyframes\s+)(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1] ?? '')),
  ];
}

/** What every class name of one CSS module ends with: a hash of the module's path in the project. */
export function moduleSuffix(file: string): string {
  const relative = path
    .relative(PROJECT, file.split('?')[0] ?? file)
    .split(path.sep)
    .join('/');
  return createHash('sha256').update(relative).digest('base64url').slice(0, MODULE_SUFFIX_LENGTH);
}

const ROOT_ELEMENT = '<div id="root"></div>';
/** The pages' own translation: their HTML says `lang="en"` and the manifest names them. */
const FRAME_LOCALE = 'en';

/** A page's first frame in another translation, written beside it as `<page>.<languageTag>.html`. */
interface TranslatedFrame {
  html: string;
  file: string;
  tag: string;
  markup: string;
}

/**
 * Renders each page's first frame (build/first-frames.tsx, the real components with no data) into its
 * HTML, inside `#root`, where React later hydrates it. The components run in Node through a Vite server's
 * SSR loader (no port, no watcher), with the pages' aliases and class names and a build-time `chrome.i18n`.
 * `pages` maps an HTML file of the bundle to the name of its frame in first-frames.tsx, which is also the
 * page's name in the output. The page's shell then starts its app (see app-after-shell.ts).
 *
 * The bundle's pages carry the English frame. Every other locale of `_locales` gets a copy of each page
 * with its own frame and `lang`, written next to it as `popup.de.html` (named by the locale's `languageTag`
 * message) once the bundle is final; the worker points the toolbar button and the panel there
 * (utils/background/translated-frames.ts), so a German browser paints a German frame with no script.
 */
export function prerenderFirstFrames(pages: Record<string, string>, classNaming: ClassNaming): Plugin {
  let root = process.cwd();
  let alias: Alias = [];
  let translated: TranslatedFrame[] = [];
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
      translated = [];
      const here = Object.entries(pages).filter(([html]) => bundle[html]?.type === 'asset');
      if (here.length === 0) return;
      const localesDir = path.join(root, 'public', '_locales');
      const locales = readdirSync(localesDir).filter((locale) => locale !== FRAME_LOCALE);
      const frames = await renderFrames(root, alias, classNaming, localeI18n(localesDir, FRAME_LOCALE));
      const css = Object.values(bundle)
        .map((file) =>
          file.type === 'asset' && file.fileName.endsWith('.css') ? file.source.toString() : '',
        )
        .join('\n');
      const checkStyled = (html: string, markup: string) => {
        const unstyled = classesOf(markup).filter(
          (name) => name.startsWith('_') && !css.includes(`.${name}`),
        );
        if (unstyled.length > 0)
          throw new Error(`first frame of ${html}: classes not in the stylesheet: ${unstyled.join(' ')}`);
      };
      for (const [html, name] of here) {
        const page = bundle[html];
        const markup = frames[name];
        if (page?.type !== 'asset' || typeof page.source !== 'string' || markup === undefined)
          throw new Error(`first frame: no page ${html} or frame ${name}`);
        if (!page.source.includes(ROOT_ELEMENT))
          throw new Error(`first frame: ${html} has no ${ROOT_ELEMENT}`);
        checkStyled(html, markup);
        page.source = appStartedByShell(page.source.replace(ROOT_ELEMENT, rootWith(markup)), html);
      }
      for (const locale of locales) {
        const i18n = localeI18n(localesDir, locale);
        const tag = i18n.getMessage('languageTag');
        if (!/^[a-z]{2,3}(-[A-Za-z0-9]+)*$/.test(tag)) throw new Error(`_locales/${locale}: no languageTag`);
        const localFrames = await renderFrames(root, alias, classNaming, i18n);
        for (const [html, name] of here) {
          const markup = localFrames[name];
          if (!markup) throw new Error(`first frame: no ${locale} frame ${name}`);
          checkStyled(html, markup);
          translated.push({ html, file: `${name}.${tag}.html`, tag, markup });
        }
      }
    },
    // The pages are final here (their stylesheet inlined), and still out of WXT's way: it moves the bundle's
    // HTML files to their names after the build, and would take these for pages it does not know.
    writeBundle(options, bundle) {
      for (const { html, file, tag, markup } of translated) {
        const page = bundle[html];
        if (page?.type !== 'asset') continue;
        const source = page.source.toString();
        const frame = /<div id="root">[\s\S]*<\/div>(?=\s*<\/body>)/;
        if (!frame.test(source) || !source.includes(`<html lang="${FRAME_LOCALE}">`))
          throw new Error(`first frame: cannot find the frame of ${html} to translate`);
        const localized = source
          .replace(`<html lang="${FRAME_LOCALE}">`, `<html lang="${tag}">`)
          .replace(frame, () => rootWith(markup));
        writeFileSync(path.join(options.dir ?? '', file), localized);
      }
    },
  };
}

/** The root element with its frame, and after it the frame's click holds. */
function rootWith(frame: string): string {
  const { markup, holds } = withFrameClickHolds(frame);
  return `<div id="root">${markup}</div>${holds}`;
}

function classesOf(markup: string): string[] {
  return [...markup.matchAll(/class="([^"]*)"/g)].flatMap((match) => (match[1] ?? '').split(/\s+/));
}

/**
 * The page components expect the browser's `chrome`; at build time they get one locale's messages. A server
 * of its own for each locale, as a module may keep what it read from `chrome.i18n` when it was loaded.
 */
async function renderFrames(
  root: string,
  alias: Alias,
  classNaming: ClassNaming,
  i18n: BuildI18n,
): Promise<Record<string, string>> {
  const scope = globalThis as { chrome?: unknown };
  const before = scope.chrome;
  scope.chrome = { i18n, runtime: {} };
  const server = await createServer({
    configFile: false,
    root,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true },
    resolve: { alias },
    css: { modules: { generateScopedName: classNaming } },
  });
  try {
    const module = (await server.ssrLoadModule(
      path.join(root, 'build', 'first-frames.tsx'),
    )) as typeof import('./first-frames');
    // Rendering reads `chrome.i18n` too, so the frames render while the stand-in is still there.
    return Object.fromEntries(
      Object.entries(module.firstFrames).map(([name, render]) => [name, withoutImagePreloads(render())]),
    );
  } finally {
    scope.chrome = before;
    await server.close();
  }
}
