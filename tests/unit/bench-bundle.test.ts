import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { entryFiles, measureEntries } from '../bench/bundle';

let dir: string;

function files(tree: Record<string, string>): void {
  dir = mkdtempSync(path.join(os.tmpdir(), 'bundle-'));
  for (const [name, content] of Object.entries(tree)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
}

afterEach(() => rmSync(dir, { recursive: true, force: true }));

const names = (list: string[]) => list.map((file) => path.relative(dir, file)).sort();

describe('what a page loads when it opens', () => {
  const tree = {
    'shell.js': 'document.head.append(script);',
    'chunks/app.js': 'import { a } from "./shared.js"; button.onclick = () => import("./viewer.js");',
    'chunks/shared.js': 'export const a = 1;',
    'chunks/viewer.js': 'import "./viewer-only.js";',
    'chunks/viewer-only.js': 'export {};',
  };

  it('follows every static import, not a click’s import()', () => {
    files(tree);
    expect(names(entryFiles(dir, ['shell.js', 'chunks/app.js'], { atOpen: true }))).toEqual([
      'chunks/app.js',
      'chunks/shared.js',
      'shell.js',
    ]);
  });

  it('still reaches every file without atOpen, and reports the rest as on demand', () => {
    files({
      ...tree,
      'popup.html': '<script type="module" src="/shell.js" data-app="/chunks/app.js"></script>',
      'options.html': '',
      'history.html': '',
      'sidepanel.html': '',
      'manifest.json': '{"background":{"service_worker":"chunks/shared.js"}}',
    });
    expect(names(entryFiles(dir, ['shell.js', 'chunks/app.js']))).toHaveLength(5);
    const popup = measureEntries(dir).pages.popup;
    expect(popup?.files.map((item) => item.file).sort()).toEqual([
      'chunks/app.js',
      'chunks/shared.js',
      'shell.js',
    ]);
    expect(popup?.onDemand.files.map((item) => item.file).sort()).toEqual([
      'chunks/viewer-only.js',
      'chunks/viewer.js',
    ]);
  });

  it('counts a stylesheet the page carries inline in its HTML as that page’s CSS', () => {
    const css = '.row { color: red; }';
    files({
      'page.js': 'export {};',
      'popup.html': '',
      'options.html': '',
      'history.html': `<style>${css}</style><script type="module" src="/page.js"></script>`,
      'sidepanel.html': '',
      'manifest.json': '{"background":{"service_worker":"page.js"}}',
    });
    const history = measureEntries(dir).pages.history;
    expect(history?.files.map((item) => [item.file, item.bytes])).toEqual([
      ['page.js', 10],
      ['history.html <style>', css.length],
    ]);
    expect(history?.css).toBeGreaterThan(0);
    expect(history?.total).toBe((history?.js ?? 0) + (history?.css ?? 0));
  });
});
