/**
 * Bundle size per entry of the built extension: every script and stylesheet a page's HTML loads (and the app
 * its page shell starts), plus every chunk those scripts import, statically or with `import()`, and the files
 * Vite preloads with such an `import()` (a lazy chunk's own stylesheet is only named there), and the
 * stylesheets a page carries inline (`<style>`, as the build puts the history page's). Sizes are gzip -9
 * bytes of each file, summed per entry.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface EntrySize {
  js: number;
  css: number;
  total: number;
  files: Array<{ file: string; bytes: number; gzip: number }>;
}

export function gzipBytes(content: Uint8Array): number {
  return gzipSync(content, { level: 9 }).length;
}

/** `import … from "x"`, `import "x"` and `export … from "x"`. */
const STATIC_IMPORT = /(?:^|[^.\w$])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"']+)["']/g;
/** `import("x")` with a literal specifier, as bundlers emit for code-split chunks. */
const DYNAMIC_IMPORT = /\bimport\(\s*["']([^"']+)["']\s*\)/g;

/** Vite's preload list, `m.f=["chunks/a.js","assets/b.css"]`: paths from the output root. */
const PRELOAD_LIST = /\bm\.f\|\|\(m\.f=\[([^\]]*)\]/g;

export function preloadedFiles(code: string): string[] {
  return [...code.matchAll(PRELOAD_LIST)].flatMap((match) =>
    [...(match[1] ?? '').matchAll(/["']([^"']+)["']/g)].map((item) => `/${item[1] as string}`),
  );
}

export function staticImports(code: string): string[] {
  return [...code.matchAll(STATIC_IMPORT)].map((match) => match[1] as string);
}

export function allImports(code: string): string[] {
  return [...staticImports(code), ...[...code.matchAll(DYNAMIC_IMPORT)].map((match) => match[1] as string)];
}

/**
 * `src`/`href` of the module scripts, module preloads and stylesheets an HTML page loads, and the app its
 * page shell starts (`data-app`, see build/app-after-shell.ts).
 */
export function htmlAssets(html: string): string[] {
  const assets: string[] = [];
  for (const tag of html.match(/<(?:script|link)\b[^>]*>/gi) ?? []) {
    const isScript = /^<script/i.test(tag);
    const rel = /\brel=["']?([^"'\s>]+)/i.exec(tag)?.[1]?.toLowerCase();
    if (!isScript && rel !== 'stylesheet' && rel !== 'modulepreload') continue;
    const urls = [/\b(?:src|href)=["']?([^"'\s>]+)/i, /\bdata-app=["']?([^"'\s>]+)/i].map(
      (attribute) => attribute.exec(tag)?.[1],
    );
    for (const url of urls) if (url && !/^[a-z]+:/i.test(url)) assets.push(url);
  }
  return assets;
}

/** The text of each `<style>` element of an HTML page: a stylesheet the build put inline. */
export function inlineStyles(html: string): string[] {
  return [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((match) => match[1] ?? '');
}

function resolveAsset(outDir: string, fromFile: string | undefined, url: string): string {
  const clean = url.split(/[?#]/)[0] ?? url;
  if (clean.startsWith('/')) return path.resolve(outDir, `.${clean}`);
  return path.resolve(fromFile ? path.dirname(fromFile) : outDir, clean);
}

/**
 * The files an entry can load: the given roots and, transitively, the JS they import. With `atOpen`, only
 * static imports are followed: no page's entry imports its app with `import()` (the shell starts the popup's
 * and the side panel's app after their first frame, utils/ui/app-start.ts), so an `import()` runs on a click
 * (the viewer, a download, a question) or in a rare state, and is loaded on demand. The bench checks in the
 * browser that the popup loads no more than its `atOpen` set when it opens.
 */
export function entryFiles(outDir: string, roots: string[], { atOpen = false } = {}): string[] {
  const seen = new Set<string>();
  const queue = roots.map((root) => path.resolve(outDir, root));
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!file.endsWith('.js')) continue;
    const code = readFileSync(file, 'utf8');
    const followed = atOpen ? staticImports(code) : allImports(code);
    for (const specifier of [...followed, ...preloadedFiles(code)]) {
      if (specifier.startsWith('.') || specifier.startsWith('/'))
        queue.push(resolveAsset(outDir, file, specifier));
    }
  }
  return [...seen];
}

function measured(file: string, content: Uint8Array): EntrySize['files'][number] {
  return { file, bytes: content.length, gzip: gzipBytes(content) };
}

/** The files, and the stylesheets `inlineCss` names (as `[file, text]`) that a page carries in its HTML. */
export function measureFiles(
  outDir: string,
  files: string[],
  inlineCss: Array<[file: string, text: string]> = [],
): EntrySize {
  const own = files.map((file) => measured(path.relative(outDir, file), readFileSync(file)));
  const inline = inlineCss.map(([file, text]) => measured(file, Buffer.from(text)));
  const total = (items: EntrySize['files']) => items.reduce((sum, item) => sum + item.gzip, 0);
  const js = total(own.filter((item) => item.file.endsWith('.js')));
  const css = total(own.filter((item) => item.file.endsWith('.css'))) + total(inline);
  return { js, css, total: js + css, files: [...own, ...inline] };
}

/** What a page loads when it opens, and what its clicks may load later. */
export interface PageSize extends EntrySize {
  onDemand: EntrySize;
}

/** popup, options, history, sidepanel (from their HTML) and background (from the manifest). */
export function measureEntries(outDir: string): { pages: Record<string, PageSize>; background: EntrySize } {
  const manifest = JSON.parse(readFileSync(path.join(outDir, 'manifest.json'), 'utf8')) as {
    background?: { service_worker?: string; scripts?: string[] };
  };
  const pages: Record<string, PageSize> = {};
  for (const page of ['popup', 'options', 'history', 'sidepanel']) {
    const html = readFileSync(path.join(outDir, `${page}.html`), 'utf8');
    const roots = htmlAssets(html).map((url) => path.relative(outDir, resolveAsset(outDir, undefined, url)));
    const atOpen = entryFiles(outDir, roots, { atOpen: true });
    const later = entryFiles(outDir, roots).filter((file) => !atOpen.includes(file));
    const inline = inlineStyles(html).map((text): [string, string] => [`${page}.html <style>`, text]);
    pages[page] = { ...measureFiles(outDir, atOpen, inline), onDemand: measureFiles(outDir, later) };
  }
  const background = manifest.background?.service_worker
    ? [manifest.background.service_worker]
    : (manifest.background?.scripts ?? []);
  return { pages, background: measureFiles(outDir, entryFiles(outDir, background)) };
}
