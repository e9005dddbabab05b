/**
 * The few rules of the variation syntax the popup needs before it loads the parser (variations.ts), kept
 * apart so a static import of this check does not pull the parser into the popup's bundle.
 */

/** Whether a backslash makes this character literal; before any other one the backslash is kept as typed. */
export const isEscapable = (char: string | undefined): boolean =>
  char === '{' || char === '}' || char === '|' || char === '\\';

/**
 * Where the `{{name}}` template variable opening at `start` ends (the index after its `}}`), or undefined
 * when none closes it. Variables belong to another feature, so they are never read as groups.
 */
export function templateVariableEnd(text: string, start: number): number | undefined {
  const close = text.indexOf('}}', start + 2);
  return close < 0 ? undefined : close + 2;
}

/**
 * Whether expanding would change the text or find it wrong: a brace outside `{{…}}` (a group, or one
 * left alone) or an escape. Plain prompts, the common case, answer false after one linear scan.
 */
export function hasVariations(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === '\\') {
      if (isEscapable(text[index + 1])) return true;
    } else if (char === '{' && text[index + 1] === '{') {
      const end = templateVariableEnd(text, index);
      if (end === undefined) return true;
      index = end - 1;
    } else if (char === '{' || char === '}') {
      return true;
    }
  }
  return false;
}
