/**
 * Starts the page's app, which the build left to the page shell (`data-app` on its tag, see
 * build/app-after-shell.ts) so that no other fetch competes with the shell's own, once the first frame (the
 * HTML rendered at build time) has been painted: evaluating React before it would hold that frame back. A
 * rAF callback runs just before the paint, its task after. The app's entry is then the page's whole app, with
 * no loader of its own in front of it. A page served by the development server loads its app itself, and its
 * tag has none.
 */
export function startApp(doc: Document = document): void {
  const src = doc.querySelector<HTMLScriptElement>('script[data-app]')?.dataset.app;
  if (!src) return;
  const view = doc.defaultView ?? window;
  view.requestAnimationFrame(() => {
    view.setTimeout(() => {
      const app = doc.createElement('script');
      app.type = 'module';
      app.src = src;
      doc.head.append(app);
    }, 0);
  });
}
