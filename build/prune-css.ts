/**
 * Pages built together share one stylesheet (`cssCodeSplit: false`), so the popup's carried the rules of the
 * options page's key field and of the panel's gallery and viewer, which it never shows. A page that carries
 * its stylesheet inline keeps only the rules a module it loads at open may use: a rule is dropped when each
 * of its selectors names a class of a CSS module the page cannot reach, or reaches only on demand (the class
 * names end with their module's suffix, see scopedClassName). An on-demand module's rules go with its chunk
 * (`rulesOf`), since no element of the page can match them before that chunk has run.
 */

const CLASS = /\.(-?[_a-zA-Z][\w-]*)/g;

/**
 * How many characters of base64url a module's suffix has. Fixed, since they may be `_` or `-` too: read
 * after the last `_`, `_item_7f5_S` named a module "S", so its rules stayed in every page's sheet.
 */
export const MODULE_SUFFIX_LENGTH = 5;

/** The module suffix of a scoped class name, `_<local>_<suffix>`; undefined for any other class. */
function suffixOf(name: string): string | undefined {
  const separator = name.length - MODULE_SUFFIX_LENGTH - 1;
  return name.startsWith('_') && separator > 1 && name[separator] === '_'
    ? name.slice(separator + 1)
    : undefined;
}

function namesModule(selector: string, modules: ReadonlySet<string>): boolean {
  for (const [, name = ''] of selector.matchAll(CLASS)) {
    const suffix = suffixOf(name);
    if (suffix !== undefined && modules.has(suffix)) return true;
  }
  return false;
}

/** Where the next `{` or `}` outside a quoted string is, from `from` on (-1 when there is none). */
function nextBrace(css: string, from: number): number {
  for (let at = from; at < css.length; at++) {
    const char = css[at];
    if (char === '{' || char === '}') return at;
    if (char === '"' || char === "'") {
      const close = css.indexOf(char, at + 1);
      if (close < 0) return -1;
      at = close;
    }
  }
  return -1;
}

/** The block that starts after `open` (the index of a `{`), and the index after its closing brace. */
function blockAt(css: string, open: number): { body: string; end: number } {
  let depth = 1;
  let at = open;
  while (depth > 0) {
    at = nextBrace(css, at + 1);
    if (at < 0) return { body: css.slice(open + 1), end: css.length };
    depth += css[at] === '{' ? 1 : -1;
  }
  return { body: css.slice(open + 1, at), end: at + 1 };
}

/**
 * `css` with only the selectors `keep` accepts; a rule left without one is dropped. Other at-rules than the
 * grouping ones (`@keyframes`, `@font-face`) stay whole with `keepAtRules`, and go without it.
 */
function filterRules(css: string, keep: (selector: string) => boolean, keepAtRules: boolean): string {
  let out = '';
  let at = 0;
  while (at < css.length) {
    const open = nextBrace(css, at);
    if (open < 0) return keepAtRules ? out + css.slice(at) : out;
    const prelude = css.slice(at, open);
    const { body, end } = blockAt(css, open);
    at = end;
    if (/^\s*@(media|supports|container|layer)\b/.test(prelude)) {
      const inner = filterRules(body, keep, keepAtRules);
      if (inner.trim()) out += `${prelude}{${inner}}`;
    } else if (prelude.trimStart().startsWith('@')) {
      if (keepAtRules) out += `${prelude}{${body}}`;
    } else {
      const live = prelude.split(',').filter(keep);
      if (live.length > 0) out += `${live.join(',')}{${body}}`;
    }
  }
  return out;
}

/** `css` without the rules only the `unreachable` modules' classes could match (see above). */
export function pruneUnreachableRules(css: string, unreachable: ReadonlySet<string>): string {
  if (unreachable.size === 0) return css;
  return filterRules(css, (selector) => !namesModule(selector, unreachable), true);
}

/** The rules of `css` that name a class of one of `modules`: what `pruneUnreachableRules` took out for them. */
export function rulesOf(css: string, modules: ReadonlySet<string>): string {
  if (modules.size === 0) return '';
  return filterRules(css, (selector) => namesModule(selector, modules), false);
}
