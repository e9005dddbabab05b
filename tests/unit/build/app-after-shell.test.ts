import { describe, expect, it } from 'vitest';
import { appStartedByShell, withoutImagePreloads } from '../../../build/app-after-shell';
import { htmlAssets } from '../../bench/bundle';

// What Vite writes for the popup: the shell's tag from the source page, then its own entry and preloads.
const built = `<!DOCTYPE html>
<html lang="en">
  <head>
    <title>Promptcast</title>
    <script type="module" src="/page-shell.js" nonce="kept" ></script>
    <script type="module" crossorigin src="/chunks/popup-CQJFvUei.js"></script>
    <link rel="modulepreload" crossorigin href="/chunks/theme-l0sNRNKZ.js">
    <link rel="modulepreload" crossorigin href="/chunks/preload-helper-Cyd4LpGB.js">
    <style>:root{color-scheme:light dark}</style>
  </head>
  <body><div id="root"><main>frame</main></div></body>
</html>`;

describe('the app left to the page shell', () => {
  it('moves the entry onto the shell’s tag and drops the preloads, so the shell is the one fetch at open', () => {
    const html = appStartedByShell(built, 'popup.html');
    expect(htmlAssets(html)).toEqual(['/page-shell.js', '/chunks/popup-CQJFvUei.js']);
    expect(html).toContain(
      '<script type="module" src="/page-shell.js" data-app="/chunks/popup-CQJFvUei.js" nonce="kept" >',
    );
    expect(html).not.toMatch(/modulepreload|crossorigin/);
    expect(html).toContain('<style>:root{color-scheme:light dark}</style>');
    expect(html).toContain('<div id="root"><main>frame</main></div>');
  });

  it('refuses a page whose entry or shell it cannot find, rather than ship a page that never starts', () => {
    expect(() =>
      appStartedByShell(built.replace(/<script type="module" crossorigin[^>]*><\/script>/, ''), 'p'),
    ).toThrow('p: expected one entry script, found 0');
    expect(() => appStartedByShell(built.replace('/page-shell.js', '/other.js'), 'p')).toThrow(
      'p: no page shell to start the app',
    );
  });

  it('takes out the image preloads React’s server renderer puts before the markup, and nothing else', () => {
    const markup =
      '<link rel="preload" as="image" href="/icon/32.png"/><main><img src="/icon/32.png" alt=""/></main>';
    expect(withoutImagePreloads(markup)).toBe('<main><img src="/icon/32.png" alt=""/></main>');
  });
});
