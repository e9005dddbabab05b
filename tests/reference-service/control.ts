/**
 * Control endpoints under /__control/, separate from the interface so e2e tests running in
 * another process (Playwright, the CLI server) can inspect and steer the service. They need
 * no API key and are never logged or subject to faults.
 */
import { ConfigError, parseConfigPatch, type ReferenceConfig } from './config';
import type { Reply } from './http';
import { json, text } from './http';

export const CONTROL_PREFIX = '/__control/';

export interface Controller {
  config(): ReferenceConfig;
  configure(patch: Partial<ReferenceConfig>): void;
  reset(patch?: Partial<ReferenceConfig>): void;
  requests(): unknown[];
  jobs(): unknown[];
  /** Where the attacker listener is and what reached it. */
  attacker(): { url: string; log: unknown[] };
}

function parsePatch(body: string): Partial<ReferenceConfig> | Reply {
  if (body.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return text(400, 'Control body is not valid JSON');
  }
  try {
    return parseConfigPatch(value);
  } catch (error) {
    if (error instanceof ConfigError) return text(400, `Invalid config: ${error.message}`);
    throw error;
  }
}

function isReply(value: Partial<ReferenceConfig> | Reply): value is Reply {
  return 'status' in value && 'body' in value;
}

export function handleControl(controller: Controller, method: string, path: string, body: string): Reply {
  const name = path.slice(CONTROL_PREFIX.length);
  const routes: Record<string, string> = {
    log: 'GET',
    jobs: 'GET',
    attacker: 'GET',
    config: 'GET, POST',
    reset: 'POST',
  };
  const allowed = routes[name];
  if (allowed === undefined) return text(404, `Unknown control endpoint: ${path}`);
  if (!allowed.split(', ').includes(method))
    return text(405, `Method ${method} not allowed`, { Allow: allowed });

  if (name === 'log') return json(200, controller.requests());
  if (name === 'jobs') return json(200, controller.jobs());
  if (name === 'attacker') return json(200, controller.attacker());
  if (name === 'config' && method === 'GET') return json(200, controller.config());

  const patch = parsePatch(body);
  if (isReply(patch)) return patch;
  if (name === 'reset') controller.reset(patch);
  else controller.configure(patch);
  return json(200, controller.config());
}
