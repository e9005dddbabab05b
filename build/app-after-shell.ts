/**
 * Leaves a page's app to its shell. As built, the head asks for the app's entry script and its module
 * preloads at once, beside the shell; the browser fetches an extension's files side by side, and in the
 * bench those four fetches held the shell back: on a later popup open the cached balance was found at
 * 61 ms against 48 ms for the same page without them (30 interleaved opens each). Here the entry's URL
 * moves onto the shell's tag (`data-app`), which starts it once it has run (utils/ui/app-start.ts), and
 * the preloads go: the entry names its imports itself, and the app mounts after the first frame anyway.
 */
export function appStartedByShell(html: string, page: string): string {
  const entries = [...html.matchAll(/<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g)];
  const entry = entries[0];
  if (entries.length !== 1 || !entry?.[1])
    throw new Error(`${page}: expected one entry script, found ${entries.length}`);
  const shell = /<script type="module" src="\/page-shell\.js"/;
  if (!shell.test(html)) throw new Error(`${page}: no page shell to start the app`);
  return html
    .replace(entry[0], '')
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
    .replace(shell, (tag) => `${tag} data-app="${entry[1]}"`);
}

/**
 * React's server renderer puts a `<link rel="preload" as="image">` before the markup for each image it
 * renders. In a first frame the image itself comes a few lines later, so the preload only adds one more
 * fetch beside the shell's.
 */
export function withoutImagePreloads(markup: string): string {
  return markup.replace(/<link rel="preload" as="image"[^>]*\/?>/g, '');
}
