import type * as z from 'zod/mini';
import { AppError } from '../error-info';
import { parseHttpUrl } from '../http-url';
import { describeProblem } from '../i18n';
import { isSendableKey } from '../validation';
import { parseShape, resultUrl, validateInput } from './answers';
import { type RequestSpec, requestJson, type Transport } from './http';
import { interpretJob, normaliseStatus } from './job-status';
import { type PathForm, pathForms } from './path-forms';
import { keyRedactor } from './redact';
import {
  type Balance,
  balanceResponseSchema,
  type ImageResult,
  imageResponseSchema,
  promptSchema,
  type VideoJob,
  type VideoRequest,
  type VideoSubmission,
  videoJobResponseSchema,
  videoRequestSchema,
  videoSubmitResponseSchema,
} from './schemas';

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_MODEL_FIELD = 'model';

export interface ServiceClientOptions {
  /** May carry a path prefix and a trailing slash. */
  baseUrl: string;
  apiKey: string;
  /** Sent in image and video request bodies under `modelField`; left out when empty. */
  modelId?: string;
  /** The interface does not name the model field (section 2.2); defaults to `model`. */
  modelField?: string;
  timeoutMs?: number;
  /**
   * The time-out of an image request, which the service answers only once the image is made (minutes,
   * sometimes); `timeoutMs` when not given.
   */
  imageTimeoutMs?: number;
  /** Aborts every request of this client, e.g. when the owning context goes away. */
  signal?: AbortSignal;
  /** The form known to work for this base URL, as persisted by the caller. */
  pathForm?: PathForm;
  /** Called when the client finds out which form works, so the caller can persist it. */
  onPathForm?: (form: PathForm) => void;
  fetch?: typeof fetch;
}

export interface CallOptions {
  /** Aborts this call only. */
  signal?: AbortSignal;
}

export interface ServiceClient {
  /** The form that last worked, or the one given at creation; undefined until known. */
  readonly pathForm: PathForm | undefined;
  getBalance(call?: CallOptions): Promise<Balance>;
  generateImage(prompt: string, call?: CallOptions): Promise<ImageResult>;
  submitVideo(request: VideoRequest, call?: CallOptions): Promise<VideoSubmission>;
  getVideoJob(id: string, call?: CallOptions): Promise<VideoJob>;
}

const VIDEO_SUBMIT_PATH = '/v1/videos/generate';
const videoJobPath = (id: string): string => `/v1/videos/${encodeURIComponent(id)}`;

function validTimeout(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : fallback;
}

/**
 * Creates a client for one service account. Throws a ServiceError of kind `invalid_input` when the base
 * URL or the API key cannot possibly work, so settings mistakes surface before any request.
 */
export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  const baseUrl = parseHttpUrl(options.baseUrl);
  if (baseUrl === undefined) {
    throw new AppError('invalid_input', describeProblem({ code: 'base_url_invalid' }));
  }
  const apiKey = options.apiKey.trim();
  if (apiKey === '') {
    throw new AppError('invalid_input', describeProblem({ code: 'api_key_empty' }));
  }
  // fetch throws a bare TypeError for header values outside Latin-1, which would read as a network error.
  if (!isSendableKey(apiKey)) {
    throw new AppError('invalid_input', describeProblem({ code: 'api_key_unsendable' }));
  }
  const timeoutMs = validTimeout(options.timeoutMs, DEFAULT_TIMEOUT_MS);
  const imageTimeoutMs = validTimeout(options.imageTimeoutMs, timeoutMs);
  const modelId = options.modelId?.trim() ?? '';
  const modelField = options.modelField?.trim() || DEFAULT_MODEL_FIELD;

  const fetchImpl = options.fetch;
  const redactor = keyRedactor(apiKey);
  const transport: Transport = {
    // Called detached: browsers throw "Illegal invocation" when fetch runs with `this` set to another
    // object, and the global is looked up per call so a fetch replaced after creation is still used.
    fetch: (input, init) => (fetchImpl ?? globalThis.fetch)(input, init),
    baseUrl,
    apiKey,
    redactor,
    timeoutMs,
    signal: options.signal,
  };
  const forms = pathForms(options.pathForm, options.onPathForm);

  const call = (spec: RequestSpec): Promise<unknown> => requestJson(transport, spec);
  const parse = <S extends z.ZodMiniType>(schema: S, value: unknown, what: string): z.output<S> =>
    parseShape(schema, value, what, redactor);

  function modelPart(): Record<string, string> {
    return modelId === '' ? {} : { [modelField]: modelId };
  }

  return {
    get pathForm() {
      return forms.known;
    },

    async getBalance(callOptions = {}) {
      return forms.run('balance', async (path) => {
        const json = await call({ method: 'GET', path, signal: callOptions.signal });
        const body = parse(balanceResponseSchema, json, 'balance request');
        return { balance: body.tokensBalance };
      });
    },

    async generateImage(prompt, callOptions = {}) {
      const validPrompt = validateInput(promptSchema, prompt);
      return forms.run('image', async (path) => {
        const json = await call({
          method: 'POST',
          path,
          body: { ...modelPart(), prompt: validPrompt },
          signal: callOptions.signal,
          timeoutMs: imageTimeoutMs,
        });
        const body = parse(imageResponseSchema, json, 'image request');
        return { url: resultUrl(body.url) };
      });
    },

    async submitVideo(request, callOptions = {}) {
      const valid = validateInput(videoRequestSchema, request);
      const json = await call({
        method: 'POST',
        path: VIDEO_SUBMIT_PATH,
        body: {
          ...modelPart(),
          prompt: valid.prompt,
          duration: valid.duration,
          resolution: valid.resolution,
          aspectRatio: valid.aspectRatio,
          generateAudio: valid.generateAudio,
        },
        signal: callOptions.signal,
      });
      const body = parse(videoSubmitResponseSchema, json, 'video submission');
      return { id: body.id, status: normaliseStatus(body.status), rawStatus: body.status };
    },

    async getVideoJob(id, callOptions = {}) {
      if (typeof id !== 'string' || id.trim() === '') {
        throw new AppError('invalid_input', 'A video job id is required.');
      }
      let json: unknown;
      try {
        json = await call({ method: 'GET', path: videoJobPath(id), signal: callOptions.signal });
      } catch (error) {
        if (error instanceof AppError && error.info.kind === 'http_error' && error.info.status === 404) {
          throw new AppError('http_error', { status: 404, detail: error.info.detail, cause: error });
        }
        throw error;
      }
      return interpretJob(parse(videoJobResponseSchema, json, 'video job request'), id);
    },
  };
}
