/**
 * Starts the page's app, which the build left to the page shell (`data-app` on its tag, see
 * build/app-after-shell.ts) so that no other fetch competes with the shell's own. A page served by the
 * development server loads its app itself, and its tag has none.
 */
export function startApp(doc: Document = document): void {
  const src = doc.querySelector<HTMLScriptElement>('script[data-app]')?.dataset.app;
  if (!src) return;
  const app = doc.createElement('script');
  app.type = 'module';
  app.src = src;
  doc.head.append(app);
}
