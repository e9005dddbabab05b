/**
 * Configuration of the reference service: the public types, their defaults, and the
 * validation applied to partial configs that arrive as JSON (control endpoints, CLI env).
 */

export interface FaultRule {
  /** Which requests: optional method and a path prefix (e.g. '/v1/videos/'); both optional = all interface requests (never control/file paths). */
  method?: string;
  pathPrefix?: string;
  /** 0..1, default 1 */ probability?: number;
  /** apply to at most this many matching requests, then the rule expires */ count?: number;
  action:
    | { type: 'status'; status: number; body?: string; headers?: Record<string, string> }
    /** `location` is sent as is: an absolute URL (another host) or a path (the same origin). */
    | { type: 'redirect'; status: RedirectStatus; location: string }
    | { type: 'hang' }
    | { type: 'malformed' }
    | { type: 'html200' }
    | { type: 'latency'; ms: number };
}

export type FaultAction = FaultRule['action'];

export const REDIRECT_STATUSES = [301, 302, 303, 307, 308] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];

/**
 * In fault bodies, URL overrides and the job status override, this is replaced by the X-API-Key of the
 * request being answered: a service that echoes the key it was sent.
 */
export const API_KEY_PLACEHOLDER = '{{apiKey}}';

export interface ReferenceConfig {
  accounts: Record<string, number>;
  imageCost: number;
  videoCost: number;
  pathForms: 'both' | 'v1' | 'api';
  videoDurationMs: number;
  latencyMs: number;
  faults: FaultRule[];
  imageUrlOverride?: string;
  videoUrlOverride?: string[];
  /** The status word of a job that has not finished yet, instead of queued/processing. */
  jobStatusOverride?: string;
  extraFields: boolean;
  maxPromptLength: number;
  /** Makes fault probabilities reproducible: the same seed draws the same sequence (default Math.random). */
  faultSeed?: number;
  /** Where result URLs point: the service's own origin (CORS open) or the second media origin (no CORS). */
  filesOrigin?: 'service' | 'media';
  /** Files whose URL was handed out longer ago than this answer 404; absent: kept forever. */
  fileRetentionMs?: number;
  /** Videos are padded (still playable) to at least this many bytes, e.g. 20 MB for the bench. */
  videoMinBytes?: number;
}

export const DEMO_API_KEY = 'demo-key-1234';

export function defaultConfig(): ReferenceConfig {
  return {
    accounts: { [DEMO_API_KEY]: 1000 },
    imageCost: 1,
    videoCost: 5,
    pathForms: 'both',
    videoDurationMs: 6000,
    latencyMs: 0,
    faults: [],
    extraFields: true,
    maxPromptLength: 4000,
  };
}

/** Thrown for a partial config that cannot be applied; the message names the offending key. */
export class ConfigError extends Error {}

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonNegativeNumber(key: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new ConfigError(`${key} must be a non-negative number`);
  }
  return value;
}

function stringRecord(key: string, value: unknown): Record<string, string> {
  if (!isRecord(value)) throw new ConfigError(`${key} must be an object of strings`);
  const out: Record<string, string> = {};
  for (const [name, v] of Object.entries(value)) {
    if (typeof v !== 'string') throw new ConfigError(`${key}.${name} must be a string`);
    out[name] = v;
  }
  return out;
}

function parseAction(key: string, value: unknown): FaultAction {
  if (!isRecord(value)) throw new ConfigError(`${key} must be an object`);
  switch (value.type) {
    case 'status': {
      const status = value.status;
      if (typeof status !== 'number' || !Number.isInteger(status) || status < 100 || status > 599) {
        throw new ConfigError(`${key}.status must be an HTTP status code`);
      }
      const action: FaultAction = { type: 'status', status };
      if (value.body !== undefined) {
        if (typeof value.body !== 'string') throw new ConfigError(`${key}.body must be a string`);
        action.body = value.body;
      }
      if (value.headers !== undefined) action.headers = stringRecord(`${key}.headers`, value.headers);
      return action;
    }
    case 'redirect': {
      const status = REDIRECT_STATUSES.find((code) => code === value.status);
      if (status === undefined) {
        throw new ConfigError(`${key}.status must be one of ${REDIRECT_STATUSES.join(', ')}`);
      }
      if (typeof value.location !== 'string' || value.location === '') {
        throw new ConfigError(`${key}.location must be a non-empty string`);
      }
      return { type: 'redirect', status, location: value.location };
    }
    case 'hang':
    case 'malformed':
    case 'html200':
      return { type: value.type };
    case 'latency':
      return { type: 'latency', ms: nonNegativeNumber(`${key}.ms`, value.ms) };
    default:
      throw new ConfigError(`${key}.type must be one of status, redirect, hang, malformed, html200, latency`);
  }
}

function parseFaultRule(key: string, value: unknown): FaultRule {
  if (!isRecord(value)) throw new ConfigError(`${key} must be an object`);
  const rule: FaultRule = { action: parseAction(`${key}.action`, value.action) };
  if (value.method !== undefined) {
    if (typeof value.method !== 'string') throw new ConfigError(`${key}.method must be a string`);
    rule.method = value.method;
  }
  if (value.pathPrefix !== undefined) {
    if (typeof value.pathPrefix !== 'string') throw new ConfigError(`${key}.pathPrefix must be a string`);
    rule.pathPrefix = value.pathPrefix;
  }
  if (value.probability !== undefined) {
    const p = value.probability;
    if (typeof p !== 'number' || !(p >= 0 && p <= 1)) {
      throw new ConfigError(`${key}.probability must be between 0 and 1`);
    }
    rule.probability = p;
  }
  if (value.count !== undefined) {
    const c = value.count;
    if (typeof c !== 'number' || !Number.isInteger(c) || c < 0) {
      throw new ConfigError(`${key}.count must be a non-negative integer`);
    }
    rule.count = c;
  }
  return rule;
}

/**
 * Validates a partial config received as untrusted JSON. Unknown keys are rejected so a
 * typo in an e2e test fails loudly instead of silently testing the default behaviour.
 */
export function parseConfigPatch(value: unknown): Partial<ReferenceConfig> {
  if (value === undefined || value === null) return {};
  if (!isRecord(value)) throw new ConfigError('config must be a JSON object');
  const patch: Partial<ReferenceConfig> = {};
  for (const [key, v] of Object.entries(value)) {
    switch (key) {
      case 'accounts': {
        if (!isRecord(v)) throw new ConfigError('accounts must be an object of api key -> credits');
        const accounts: Record<string, number> = {};
        for (const [apiKey, credits] of Object.entries(v)) {
          accounts[apiKey] = nonNegativeNumber(`accounts.${apiKey}`, credits);
        }
        patch.accounts = accounts;
        break;
      }
      case 'imageCost':
      case 'videoCost':
      case 'videoDurationMs':
      case 'latencyMs':
      case 'maxPromptLength':
        patch[key] = nonNegativeNumber(key, v);
        break;
      case 'pathForms':
        if (v !== 'both' && v !== 'v1' && v !== 'api') {
          throw new ConfigError('pathForms must be one of both, v1, api');
        }
        patch.pathForms = v;
        break;
      case 'faults':
        if (!Array.isArray(v)) throw new ConfigError('faults must be an array');
        patch.faults = v.map((rule, i) => parseFaultRule(`faults[${i}]`, rule));
        break;
      case 'imageUrlOverride':
        // null lets a JSON client remove an override again, since JSON has no undefined.
        if (v !== null && typeof v !== 'string') throw new ConfigError('imageUrlOverride must be a string');
        patch.imageUrlOverride = v ?? undefined;
        break;
      case 'videoUrlOverride':
        if (v !== null && !(Array.isArray(v) && v.every((u) => typeof u === 'string'))) {
          throw new ConfigError('videoUrlOverride must be an array of strings');
        }
        patch.videoUrlOverride = v ?? undefined;
        break;
      case 'jobStatusOverride':
        if (v !== null && typeof v !== 'string') throw new ConfigError('jobStatusOverride must be a string');
        patch.jobStatusOverride = v ?? undefined;
        break;
      case 'faultSeed':
        if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) {
          throw new ConfigError('faultSeed must be a non-negative integer');
        }
        patch.faultSeed = v;
        break;
      case 'filesOrigin':
        if (v !== null && v !== 'service' && v !== 'media') {
          throw new ConfigError('filesOrigin must be one of service, media');
        }
        patch.filesOrigin = v ?? undefined;
        break;
      case 'fileRetentionMs':
      case 'videoMinBytes':
        patch[key] = v === null ? undefined : nonNegativeNumber(key, v);
        break;
      case 'extraFields':
        if (typeof v !== 'boolean') throw new ConfigError('extraFields must be a boolean');
        patch.extraFields = v;
        break;
      default:
        throw new ConfigError(`unknown config key: ${key}`);
    }
  }
  return patch;
}
