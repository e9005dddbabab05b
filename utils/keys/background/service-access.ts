import { profileDeleted } from '@/utils/profiles/background';
import { createServiceClient, type ServiceClient } from '../../api/client';
import type { PathForm } from '../../api/path-forms';
import { AppError } from '../../error-info';
import type { Settings } from '../../settings/schema';
import { isConfigured } from '../../validation';
import { lockedError } from './api-key';
import { keyBelongsTo, type StoredKey } from './stored-key';

/** A profile's settings and key, as one request is sent with them. */
export interface ProfileAccess {
  settings: Settings;
  key: StoredKey;
}

export interface ServiceAccessDeps {
  /** The profile with this id (the active one without), or undefined once it was deleted. */
  profile: (id?: string) => Promise<ProfileAccess | undefined>;
  pathForms: () => Promise<Record<string, PathForm>>;
  savePathForm: (baseUrl: string, form: PathForm) => Promise<void>;
  /** Whether the extension may send requests to this origin (host permission). */
  canReach: (origin: string) => Promise<boolean>;
  /** The keys are under a passphrase lock and not unlocked. */
  locked: () => Promise<boolean>;
  fetch?: typeof fetch;
}

export interface ConnectOverrides {
  /** The profile whose service and key are used; the active one without. */
  profileId?: string;
  baseUrl?: string;
  /** A key typed for this very URL (not saved yet). */
  apiKey?: string;
  /** The person chose to use the stored key with this URL although it was saved for another origin. */
  reuseKey?: boolean;
  /** A model other than the configured one (regenerating an entry made with it). */
  modelId?: string;
}

/**
 * Builds a service client from the saved settings and the key, refusing early with a clear reason when
 * the extension is not set up, the stored key belongs to another service, or the origin is not reachable.
 */
export function createServiceAccess(deps: ServiceAccessDeps) {
  return async function connect(overrides: ConnectOverrides = {}): Promise<ServiceClient> {
    // Before anything else, a typed key included: while locked nothing at all goes out.
    if (await deps.locked()) throw lockedError();
    const access = await deps.profile(overrides.profileId);
    if (!access) {
      throw profileDeleted();
    }
    const { settings, key: stored } = access;
    const baseUrl = overrides.baseUrl ?? settings.baseUrl;
    if (!isConfigured(baseUrl, Boolean(overrides.apiKey || stored.key))) {
      throw new AppError('not_configured');
    }
    const origin = new URL(baseUrl).origin;
    const apiKey =
      overrides.apiKey ?? (overrides.reuseKey || keyBelongsTo(stored, origin) ? stored.key : undefined);
    if (!apiKey) {
      throw new AppError('key_for_other_service');
    }
    if (!(await deps.canReach(origin))) {
      throw new AppError('no_permission');
    }
    const forms = await deps.pathForms();
    return createServiceClient({
      baseUrl,
      apiKey,
      modelId: overrides.modelId ?? settings.modelId,
      modelField: settings.modelField,
      timeoutMs: settings.requestTimeoutSec * 1000,
      imageTimeoutMs: settings.imageTimeoutSec * 1000,
      pathForm: forms[baseUrl],
      onPathForm: (form) => void deps.savePathForm(baseUrl, form),
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
    });
  };
}

export type Connect = ReturnType<typeof createServiceAccess>;
