import { createServiceClient, type PathForm, type ServiceClient } from '../api/client';
import { appError } from '../errors';
import type { Settings } from '../settings/schema';

export interface ServiceAccessDeps {
  settings: () => Promise<Settings>;
  apiKey: () => Promise<string>;
  pathForms: () => Promise<Record<string, PathForm>>;
  savePathForm: (baseUrl: string, form: PathForm) => Promise<void>;
  /** Whether the extension may send requests to this origin (host permission). */
  canReach: (origin: string) => Promise<boolean>;
  fetch?: typeof fetch;
}

export interface ConnectOverrides {
  baseUrl?: string;
  apiKey?: string;
}

/**
 * Builds a service client from the saved settings and the key, refusing early with a clear reason when
 * the extension is not set up or may not reach the service's origin.
 */
export function createServiceAccess(deps: ServiceAccessDeps) {
  return async function connect(overrides: ConnectOverrides = {}): Promise<ServiceClient> {
    const settings = await deps.settings();
    const baseUrl = overrides.baseUrl ?? settings.baseUrl;
    const apiKey = overrides.apiKey ?? (await deps.apiKey());
    if (!baseUrl || !apiKey) {
      throw appError('not_configured', 'Set the service URL and API key in the options first.');
    }
    const origin = new URL(baseUrl).origin;
    if (!(await deps.canReach(origin))) {
      throw appError(
        'no_permission',
        `The extension is not allowed to reach ${origin}. Open the options and press Save to allow it.`,
      );
    }
    const forms = await deps.pathForms();
    return createServiceClient({
      baseUrl,
      apiKey,
      modelId: settings.modelId,
      modelField: settings.modelField,
      timeoutMs: settings.requestTimeoutSec * 1000,
      pathForm: forms[baseUrl],
      onPathForm: (form) => void deps.savePathForm(baseUrl, form),
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
    });
  };
}

export type Connect = ReturnType<typeof createServiceAccess>;
