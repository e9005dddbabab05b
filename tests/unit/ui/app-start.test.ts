// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { startApp } from '@/utils/ui/app-start';

function page(shellTag: string): Document {
  const doc = document.implementation.createHTMLDocument('popup');
  doc.head.innerHTML = shellTag;
  return doc;
}

/** Until the task after the next frame: when the shell adds the app, the first frame has been painted. */
const afterFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

describe('the page shell starting the app', () => {
  it('loads the entry its tag names as a module script, after the first frame', async () => {
    const doc = page('<script type="module" src="/page-shell.js" data-app="/chunks/popup-1.js"></script>');
    startApp(doc);
    expect(doc.querySelectorAll('script')).toHaveLength(1);
    await afterFrame();
    const scripts = [...doc.querySelectorAll('script')].map((script) => [
      script.type,
      script.getAttribute('src'),
    ]);
    expect(scripts).toEqual([
      ['module', '/page-shell.js'],
      ['module', '/chunks/popup-1.js'],
    ]);
  });

  it('leaves a page that loads its app itself (the development server’s) alone', async () => {
    const doc = page('<script type="module" src="/page-shell.js"></script>');
    startApp(doc);
    await afterFrame();
    expect(doc.querySelectorAll('script')).toHaveLength(1);
  });
});
