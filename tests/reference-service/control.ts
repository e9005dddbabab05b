/**
 * Control endpoints under /__control/, separate from the interface so e2e tests running in
 * another process (Playwright, the CLI server) can inspect and steer the service. They need
 * no API key and are never logged or subject to faults.
 */
import { ConfigError, type ReferenceConfig } from './config';
import type { Reply } from './http';
import { json, text } from './http';

export const CONTROL_PREFIX = '/__control/';

export interface Controller {
  config(): ReferenceConfig;
  /** Both validate what they are given (throwing ConfigError), so JSON goes to them unchecked. */
  configure(patch: unknown): void;
  reset(patch?: unknown): void;
  requests(): unknown[];
  jobs(): unknown[];
  /** Where the attacker listener is and what reached it. */
  attacker(): { url: string; log: unknown[] };
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

  let patch: unknown = {};
  if (body.trim() !== '') {
    try {
      patch = JSON.parse(body);
    } catch {
      return text(400, 'Control body is not valid JSON');
    }
  }
  try {
    if (name === 'reset') controller.reset(patch);
    else controller.configure(patch);
  } catch (error) {
    if (error instanceof ConfigError) return text(400, `Invalid config: ${error.message}`);
    throw error;
  }
  return json(200, controller.config());
}
