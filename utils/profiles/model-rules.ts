import type { Problem } from '../validation';
import { MAX_MODEL_ID, MAX_MODEL_NAME } from './limits';

// Apart from the other rules (validation.ts): only the options page's editor and the worker check a list of
// models, and the popup, which loads those rules with its first frame, stays without them.

/**
 * A model id of a profile's list: as services name their models, visible ASCII without spaces, quotes or
 * backslashes (which JSON would escape, twice in sync's room), at most MAX_MODEL_ID characters.
 */
export const MODEL_ID_PATTERN = /^[!#-[\]-~]{1,64}$/;

/**
 * The name the person gives a model: short, and without control characters (sync's room is counted). They
 * are Unicode's Cc spelled out: a \p{Cc} class needs the u flag, which the worker's build turns into a call.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the class names the characters a name may not hold.
export const MODEL_NAME_PATTERN = /^[^\0-\x1f\x7f-\x9f]{1,20}$/;

/** A list names each model once: the form's choice tells models apart by id. */
export const idTwice = (ids: readonly string[]) => ids.find((id, at) => ids.indexOf(id) !== at);

// The editor's wording of each rule; the worker's schema (schema.ts) checks the same patterns, and a page
// that sent a list the editor would refuse gets zod's own words.
export const modelIdProblem = (id: string): Problem | undefined =>
  MODEL_ID_PATTERN.test(id) ? undefined : { code: 'model_id_invalid', max: MAX_MODEL_ID };

export const modelNameProblem = (name: string): Problem | undefined =>
  MODEL_NAME_PATTERN.test(name) ? undefined : { code: 'model_name_invalid', max: MAX_MODEL_NAME };

export function modelListProblem(ids: readonly string[]): Problem | undefined {
  const twice = idTwice(ids);
  return twice === undefined ? undefined : { code: 'model_id_twice', id: twice };
}
