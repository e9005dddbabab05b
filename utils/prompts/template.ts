/**
 * Templates in saved prompts: `{{name}}` asks for a value before the prompt is used, `{{name|default}}`
 * offers one. Page-side and free of zod. A `{{…}}` whose inside is no variable (a name of letters, digits,
 * `_` and `-`, at most 40) stays as typed, as the variation parser keeps every `{{…}}` (has-variations.ts).
 * Every step is bounded, so a 100,000-character hostile text is read in one linear pass.
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

const NAME = /^[A-Za-z0-9_-]+$/;

type Part = string | TemplateVariable;

function variableOf(inside: string): TemplateVariable | undefined {
  if (inside.length > MAX_VARIABLE_NAME + 1 + MAX_VARIABLE_DEFAULT) return undefined;
  const bar = inside.indexOf('|');
  const name = bar < 0 ? inside : inside.slice(0, bar);
  if (name.length > MAX_VARIABLE_NAME || !NAME.test(name)) return undefined;
  if (bar < 0) return { name };
  const fallback = inside.slice(bar + 1);
  return fallback.length > MAX_VARIABLE_DEFAULT ? undefined : { name, default: fallback };
}

/** The text as literal pieces and variables, in reading order. */
function parts(text: string): Part[] {
  const found: Part[] = [];
  let from = 0;
  let scan = 0;
  // The next `}}` is looked for once per closing pair, not once per `{{`, so runs of braces stay linear.
  let close = -1;
  const variables = new Set<string>();
  for (let open = text.indexOf('{{', scan); open >= 0; open = text.indexOf('{{', scan)) {
    if (close < open + 2) close = text.indexOf('}}', open + 2);
    if (close < 0) break;
    const variable = variableOf(text.slice(open + 2, close));
    if (!variable || (!variables.has(variable.name) && variables.size >= MAX_VARIABLES)) {
      scan = open + 1;
      continue;
    }
    variables.add(variable.name);
    if (open > from) found.push(text.slice(from, open));
    found.push(variable);
    from = scan = close + 2;
    close = -1;
  }
  if (from < text.length) found.push(text.slice(from));
  return found;
}

/** Each variable once, in the order it first appears, with the default it is first given. */
export function templateVariables(text: string): TemplateVariable[] {
  const byName = new Map<string, TemplateVariable>();
  for (const part of parts(text)) {
    if (typeof part === 'string') continue;
    const known = byName.get(part.name);
    if (!known) byName.set(part.name, part);
    else if (known.default === undefined && part.default !== undefined) byName.set(part.name, part);
  }
  return [...byName.values()];
}

/** The text with every variable replaced by its value, or its default, or nothing. */
export function fillTemplate(text: string, values: Readonly<Record<string, string>>): string {
  const defaults = new Map(templateVariables(text).map((variable) => [variable.name, variable.default]));
  return parts(text)
    .map((part) =>
      typeof part === 'string'
        ? part
        : ((Object.hasOwn(values, part.name) ? values[part.name] : undefined) ??
          defaults.get(part.name) ??
          ''),
    )
    .join('');
}
