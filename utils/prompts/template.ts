/**
 * Templates in saved prompts: `{{name}}` asks for a value before the prompt is used, `{{name|default}}`
 * offers one. Free of zod, so pages and the worker (which fills `{{selection}}` from the context menu) share
 * it. A `{{…}}` whose inside is no variable (a name of letters, digits, `_` and `-`, at most 40, and a default
 * of at most 200 characters) stays as typed, as the variation parser keeps every `{{…}}` (has-variations.ts).
 * Every quantifier is bounded, so a 100,000-character hostile text is read in one linear pass.
 */

export interface TemplateVariable {
  name: string;
  default?: string;
}

export const MAX_VARIABLE_NAME = 40;
export const MAX_VARIABLE_DEFAULT = 200;
/** A form of more fields than this is no template a person wrote: the rest are left as typed. */
export const MAX_VARIABLES = 50;

/** `{{selection}}` is filled by the context menu with the selected text; in the form it is asked like any other. */
export const SELECTION_VARIABLE = 'selection';

/** A default runs to the first `}}`, as the inside of a variable ends there. */
const VARIABLE = /\{\{([\w-]{1,40})(?:\|((?:(?!\}\})[\s\S]){0,200}))?\}\}/g;

/**
 * Every variable written in `text` through `replace`, which gets each variable's name and the default it is
 * first given, once 50 names are known a new one staying as typed.
 */
function eachVariable(text: string, replace: (variable: TemplateVariable) => string): string {
  const byName = new Map<string, TemplateVariable>();
  for (const [, name = '', fallback] of text.matchAll(VARIABLE)) {
    const known = byName.get(name);
    if (known ? known.default === undefined && fallback !== undefined : byName.size < MAX_VARIABLES)
      byName.set(name, fallback === undefined ? { name } : { name, default: fallback });
  }
  return text.replace(VARIABLE, (whole, name: string) => {
    const variable = byName.get(name);
    return variable ? replace(variable) : whole;
  });
}

/** Each variable once, in the order it first appears, with the default it is first given. */
export function templateVariables(text: string): TemplateVariable[] {
  const found = new Map<string, TemplateVariable>();
  eachVariable(text, (variable) => {
    found.set(variable.name, variable);
    return '';
  });
  return [...found.values()];
}

/** The text with every variable replaced by its value, or its default, or nothing. */
export function fillTemplate(text: string, values: Readonly<Record<string, string>>): string {
  return eachVariable(
    text,
    (variable) =>
      (Object.hasOwn(values, variable.name) ? values[variable.name] : undefined) ?? variable.default ?? '',
  );
}
