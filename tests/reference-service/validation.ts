/**
 * Request validation. Every failure becomes a 400 with a plain-text reason, because the
 * interface only promises that clients may read error bodies as text.
 */

export type Validated<T> = { ok: true; value: T } | { ok: false; message: string };

export function parseJsonObject(body: string): Validated<Record<string, unknown>> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { ok: false, message: 'Request body is not valid JSON' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { ok: false, message: 'Request body must be a JSON object' };
  }
  return { ok: true, value: parsed as Record<string, unknown> };
}

export function validatePrompt(body: Record<string, unknown>, maxLength: number): Validated<string> {
  const prompt = body.prompt;
  if (prompt === undefined || prompt === null)
    return { ok: false, message: 'Missing required field: prompt' };
  if (typeof prompt !== 'string') return { ok: false, message: 'Field prompt must be a string' };
  if (prompt.trim() === '') return { ok: false, message: 'Field prompt must not be empty' };
  if (prompt.length > maxLength) {
    return {
      ok: false,
      message: `Field prompt is too long: ${prompt.length} characters, the maximum is ${maxLength}`,
    };
  }
  return { ok: true, value: prompt };
}

/** The model field's name is not documented; 'model' is accepted if it is a string. */
export function validateImageFields(body: Record<string, unknown>): string | undefined {
  if (body.model !== undefined && typeof body.model !== 'string') return 'Field model must be a string';
  return undefined;
}

/** Returns the first problem found, naming the field, or undefined when all present fields are valid. */
export function validateVideoFields(body: Record<string, unknown>): string | undefined {
  const { duration, resolution, aspectRatio, generateAudio } = body;
  if (duration !== undefined) {
    if (typeof duration !== 'number' || !Number.isInteger(duration) || duration < 1 || duration > 60) {
      return 'Field duration must be an integer number of seconds between 1 and 60';
    }
  }
  if (resolution !== undefined && (typeof resolution !== 'string' || !/^\d+p$/.test(resolution))) {
    return 'Field resolution must look like 720p';
  }
  if (aspectRatio !== undefined && (typeof aspectRatio !== 'string' || !/^\d+:\d+$/.test(aspectRatio))) {
    return 'Field aspectRatio must look like 16:9';
  }
  if (generateAudio !== undefined && typeof generateAudio !== 'boolean') {
    return 'Field generateAudio must be a boolean';
  }
  return undefined;
}
