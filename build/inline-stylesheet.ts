import path from 'node:path';
import { ON_DEMAND_STYLE_ATTRIBUTE } from '../utils/ui/kept-lists-part';
import { moduleSuffix, type Plugin } from './first-frame-plugin';
import { pruneUnreachableRules, rulesOf } from './prune-css';

interface ModuleGraph {
  getModuleIds(): IterableIterator<string>;
  getModuleInfo(
    id: string,
  ): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
}

const isCssModule = (id: string) => id.split('?')[0]?.endsWith('.module.css') ?? false;

/**
 * The build's CSS modules a page can use: those one of its modules imports, statically or through
 * `import()`. Walked module by module, since chunks shared by the pages of one build mix what each page uses.
 */
function cssModulesOf(graph: ModuleGraph, page: string): Set<string> {
  const reachable = new Set<string>();
  const pending = [page];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (reachable.has(id)) continue;
    reachable.add(id);
    const info = graph.getModuleInfo(id);
    if (info) pending.push(...info.importedIds, ...info.dynamicallyImportedIds);
  }
  return new Set([...reachable].filter(isCssModule));
}

type Bundle = Parameters<NonNullable<Extract<Plugin['generateBundle'], (...args: never[]) => unknown>>>[1];
type Chunk = Extract<Bundle[string], { type: 'chunk' }>;

/**
 * The chunks `page` (the path of its HTML) loads on demand: those only an `import()` reaches. No page's entry
 * loads its app that way (the shell starts the popup's and the side panel's once their first frame is
 * painted: utils/ui/app-start.ts), so every `import()` runs on a click or in a rare state, as the bench
 * counts it (tests/bench/bundle.ts). Per page: a chunk the side panel loads at open is still on demand for
 * the popup. A page whose entry is not found has none, and so keeps every rule it may use.
 */
function chunksOnDemand(bundle: Bundle, page: string): Chunk[] {
  const chunkAt = (file: string) => {
    const chunk = bundle[file];
    return chunk?.type === 'chunk' ? chunk : undefined;
  };
  const entry = Object.values(bundle).find(
    (file): file is Chunk => file.type === 'chunk' && file.isEntry && file.facadeModuleId === page,
  );
  if (!entry) return [];
  const walk = (follow: (chunk: Chunk) => readonly string[]) => {
    const seen = new Set<string>();
    const pending = [entry.fileName];
    for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
      const chunk = chunkAt(file);
      if (seen.has(file) || !chunk) continue;
      seen.add(file);
      pending.push(...follow(chunk));
    }
    return seen;
  };
  const atOpen = walk((chunk) => chunk.imports);
  const reachable = walk((chunk) => [...chunk.imports, ...chunk.dynamicImports]);
  return [...reachable].filter((file) => !atOpen.has(file)).flatMap((file) => chunkAt(file) ?? []);
}

/** A chunk's first statement that adds `css` to the page as it runs, before any of its components renders. */
const styleStatement = (css: string) =>
  `document.head.appendChild(Object.assign(document.createElement("style"),{textContent:${JSON.stringify(css)}})).setAttribute("${ON_DEMAND_STYLE_ATTRIBUTE}","");\n`;

/**
 * Puts the stylesheet of each page in `pages` into its HTML as a `<style>` element: one file fewer to fetch
 * before the page's first paint (and before its module script may run: a script waits for the stylesheets
 * before it), which those pages paid for with every open. The inline sheet carries only what the page may
 * show at open: it drops the rules of CSS modules no module of the page imports, and those of modules in
 * chunks the page loads on demand, which travel in their chunk and are added as it runs: a view loaded on
 * demand costs the page's open nothing. The file stays for
 * pages that still link it.
 */
export function inlineStylesheet(...pages: string[]): Plugin {
  return {
    name: 'promptcast:inline-stylesheet',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const inlined = new Set<string>();
      const carried = new Set<string>();
      let sheetSource = '';
      const lazy = new Map<string, Chunk>();
      for (const html of pages) {
        const page = bundle[html];
        if (page?.type !== 'asset' || typeof page.source !== 'string') continue;
        const onDemandChunks = chunksOnDemand(bundle, path.resolve(html));
        const lazyModules = new Set(onDemandChunks.flatMap((chunk) => chunk.moduleIds));
        for (const chunk of onDemandChunks) lazy.set(chunk.fileName, chunk);
        const used = cssModulesOf(this, path.resolve(html));
        const never = [...this.getModuleIds()].filter((id) => isCssModule(id) && !used.has(id));
        const onDemand = [...used].filter((id) => lazyModules.has(id));
        const absent = new Set([...never, ...onDemand].map(moduleSuffix));
        page.source = page.source.replace(
          /<link rel="stylesheet"[^>]*? href="\/([^"]+\.css)">/g,
          (link, file: string) => {
            const sheet = bundle[file];
            if (sheet?.type !== 'asset') return link;
            const css = pruneUnreachableRules(sheet.source.toString(), absent);
            if (css.includes('</style')) return link;
            inlined.add(file);
            sheetSource = sheet.source.toString();
            for (const id of onDemand) carried.add(id);
            return `<style>${css}</style>`;
          },
        );
      }
      for (const chunk of lazy.values()) {
        const own = new Set(chunk.moduleIds.filter((id) => carried.has(id)).map(moduleSuffix));
        const css = rulesOf(sheetSource, own);
        if (css) chunk.code = styleStatement(css) + chunk.code;
      }
      const linked = (file: string) =>
        Object.values(bundle).some(
          (asset) =>
            asset.type === 'asset' &&
            asset.fileName.endsWith('.html') &&
            asset.source.toString().includes(`/${file}"`),
        );
      for (const file of inlined) if (!linked(file)) delete bundle[file];
    },
  };
}
