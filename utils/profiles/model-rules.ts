import type { Problem } from '../validation';
import { MAX_MODEL_ID, MAX_MODEL_NAME } from './limits';

// Apart from the other rules (validation.ts): only the options page's editor and the worker check a list of
// models, and the popup, which loads those rules with its first frame, stays without them.

/**
 * A model id of a profile's list: as services name their models, visible ASCII without spaces, quotes or
 * backslashes (which JSON would escape, twice in sync's room).
 */
export function modelIdProblem(id: string): Problem | undefined {
  return /^[!#-[\]-~]+$/.test(id) && id.length <= MAX_MODEL_ID
    ? undefined
    : { code: 'model_id_invalid', max: MAX_MODEL_ID };
}

/** The name the person gives a model: short, and without control characters (sync's room is counted). */
export function modelNameProblem(name: string): Problem | undefined {
  return /^\P{Cc}+$/u.test(name) && name.length <= MAX_MODEL_NAME
    ? undefined
    : { code: 'model_name_invalid', max: MAX_MODEL_NAME };
}

/** A list names each model once: the form's choice tells models apart by id. */
export function modelListProblem(ids: readonly string[]): Problem | undefined {
  const twice = ids.find((id, at) => ids.indexOf(id) !== at);
  return twice === undefined ? undefined : { code: 'model_id_twice', id: twice };
}
