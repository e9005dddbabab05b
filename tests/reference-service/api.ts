/**
 * The service interface itself: balance, image generation and video jobs. Pure with
 * respect to I/O: it takes a fully read request and returns a Reply, so the server can
 * apply latency and faults around it.
 */
import type { ReferenceConfig } from './config';
import type { Reply } from './http';
import { json, text } from './http';
import { type JobStore, newId, outcomeFromPrompt, viewJob } from './jobs';
import { imageCostOf, modelSwatch, videoCostOf, videoDurationOf } from './models';
import { parseJsonObject, validateImageFields, validatePrompt, validateVideoFields } from './validation';

export interface ServiceState {
  config: ReferenceConfig;
  /** Live credits per api key; a key is valid exactly when it has an entry here. */
  balances: Map<string, number>;
  jobs: JobStore;
  baseUrl: string;
  /** The second origin that serves the same files without CORS (config.filesOrigin 'media'). */
  mediaUrl: string;
  /** When each file path was handed out in a result, for the retention time. */
  issued: Map<string, number>;
  now(): number;
}

/** The URL of a generated file, on the origin the config names, remembered for the retention time. */
function issueFile(state: ServiceState, path: string, issuedAt: number): string {
  if (!state.issued.has(path)) state.issued.set(path, issuedAt);
  return `${state.config.filesOrigin === 'media' ? state.mediaUrl : state.baseUrl}${path}`;
}

export interface ApiRequest {
  method: string;
  /** Without the query string. */
  path: string;
  /** Lowercased names. */
  headers: Record<string, string>;
  body: string;
}

type Route =
  | { kind: 'balance' }
  | { kind: 'image' }
  | { kind: 'videoSubmit' }
  | { kind: 'videoGet'; id: string }
  | { kind: 'disabled' }
  | { kind: 'unknown' };

const ROUTE_METHODS: Record<Route['kind'], string | undefined> = {
  balance: 'GET',
  image: 'POST',
  videoSubmit: 'POST',
  videoGet: 'GET',
  disabled: undefined,
  unknown: undefined,
};

function formEnabled(config: ReferenceConfig, form: 'v1' | 'api'): boolean {
  return config.pathForms === 'both' || config.pathForms === form;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    // A malformed escape cannot name any job; keep it raw so the lookup simply misses.
    return segment;
  }
}

function route(config: ReferenceConfig, path: string): Route {
  switch (path) {
    case '/v1/tokens/balance':
      return formEnabled(config, 'v1') ? { kind: 'balance' } : { kind: 'disabled' };
    case '/api/credits/balance':
      return formEnabled(config, 'api') ? { kind: 'balance' } : { kind: 'disabled' };
    case '/v1/images/generate':
      return formEnabled(config, 'v1') ? { kind: 'image' } : { kind: 'disabled' };
    case '/api/images/generate':
      return formEnabled(config, 'api') ? { kind: 'image' } : { kind: 'disabled' };
    case '/v1/videos/generate':
      return { kind: 'videoSubmit' };
  }
  const job = /^\/v1\/videos\/([^/]+)$/.exec(path);
  if (job?.[1]) return { kind: 'videoGet', id: safeDecode(job[1]) };
  return { kind: 'unknown' };
}

/** Unknown fields a real service might add; emitting them proves clients ignore extras. */
function extras(state: ServiceState, fields: Record<string, unknown>): Record<string, unknown> {
  return state.config.extraFields ? { requestId: newId('req'), ...fields } : {};
}

function isJson(contentType: string | undefined): boolean {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() === 'application/json';
}

function charge(state: ServiceState, apiKey: string, cost: number): Reply | undefined {
  const balance = state.balances.get(apiKey) ?? 0;
  if (balance < cost) {
    return text(402, `Insufficient credits: this request costs ${cost}, balance is ${balance}`);
  }
  state.balances.set(apiKey, balance - cost);
  return undefined;
}

function generateImage(state: ServiceState, apiKey: string, body: Record<string, unknown>): Reply {
  const prompt = validatePrompt(body, state.config.maxPromptLength);
  if (!prompt.ok) return text(400, prompt.message);
  const fieldError = validateImageFields(body);
  if (fieldError) return text(400, fieldError);
  const model = typeof body.model === 'string' ? body.model : undefined;
  const refused = charge(state, apiKey, imageCostOf(state.config, model));
  if (refused) return refused;
  // The id carries the model's colour, so the file is drawn from its path alone (on either origin, and
  // after a restart from a snapshot).
  const id = model === undefined ? newId('img') : `${newId('img')}_${modelSwatch(state.config, model)}`;
  const url = prompt.value.includes('[empty]')
    ? ''
    : (state.config.imageUrlOverride ??
      issueFile(state, `/files/images/${id}.${state.config.imageFormat ?? 'png'}`, state.now()));
  return json(200, { url, ...extras(state, { id, model: model ?? 'reference-image-1' }) });
}

function submitVideo(state: ServiceState, apiKey: string, body: Record<string, unknown>): Reply {
  const prompt = validatePrompt(body, state.config.maxPromptLength);
  if (!prompt.ok) return text(400, prompt.message);
  const fieldError = validateVideoFields(body);
  if (fieldError) return text(400, fieldError);
  const model = typeof body.model === 'string' ? body.model : undefined;
  const refused = charge(state, apiKey, videoCostOf(state.config, model));
  if (refused) return refused;
  const now = state.now();
  const id = newId('vid');
  state.jobs.add({
    id,
    apiKey,
    prompt: prompt.value,
    request: body,
    createdAt: now,
    durationMs: videoDurationOf(state.config, model),
    outcome: outcomeFromPrompt(prompt.value),
  });
  return json(200, { id, status: 'queued', ...extras(state, { createdAt: new Date(now).toISOString() }) });
}

function getVideo(state: ServiceState, apiKey: string, id: string): Reply {
  const job = state.jobs.get(id);
  // Another account's job is reported as missing so ids do not leak across keys.
  if (!job || job.apiKey !== apiKey) return text(404, `Video job not found: ${id}`);
  const view = viewJob(job, state.now());
  const finished = view.status === 'completed' || view.status === 'failed';
  const status = finished ? view.status : (state.config.jobStatusOverride ?? view.status);
  const record: Record<string, unknown> = { id: job.id, status };
  if (view.status === 'completed') {
    record.videoUrls =
      job.outcome === 'empty'
        ? []
        : (state.config.videoUrlOverride ?? [
            issueFile(state, `/files/videos/${job.id}.webm`, job.createdAt + job.durationMs),
          ]);
  } else if (view.status === 'processing') {
    // Absent while queued, empty while processing: clients must cope with both forms.
    record.videoUrls = [];
  }
  if (view.error !== undefined) record.error = view.error;
  return json(200, {
    ...record,
    ...extras(state, {
      progress: Math.round(view.progress * 100) / 100,
      createdAt: new Date(job.createdAt).toISOString(),
      model: typeof job.request.model === 'string' ? job.request.model : 'reference-video-1',
    }),
  });
}

export function handleApi(state: ServiceState, req: ApiRequest): Reply {
  const target = route(state.config, req.path);
  const expected = ROUTE_METHODS[target.kind];
  if (target.kind === 'unknown' || target.kind === 'disabled' || expected === undefined) {
    return text(404, `Not found: ${req.path}`);
  }
  if (req.method !== expected) return text(405, `Method ${req.method} not allowed`, { Allow: expected });

  const apiKey = req.headers['x-api-key'];
  if (!apiKey) return text(401, 'Unauthorized: missing X-API-Key header');
  if (!state.balances.has(apiKey)) return text(401, 'Unauthorized: invalid API key');

  if (target.kind === 'balance') {
    return json(200, { tokensBalance: state.balances.get(apiKey) ?? 0, ...extras(state, {}) });
  }
  if (target.kind === 'videoGet') return getVideo(state, apiKey, target.id);

  if (!isJson(req.headers['content-type'])) {
    return text(415, 'Unsupported Media Type: Content-Type must be application/json');
  }
  const body = parseJsonObject(req.body);
  if (!body.ok) return text(400, body.message);
  return target.kind === 'image'
    ? generateImage(state, apiKey, body.value)
    : submitVideo(state, apiKey, body.value);
}
