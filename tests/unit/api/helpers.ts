import { expect } from 'vitest';
import { createServiceClient, type ServiceClientOptions } from '../../../utils/api/client';
import { AppError, type ErrorInfo } from '../../../utils/error-info';
import { DEMO_API_KEY, type ReferenceService } from '../../reference-service/server';

/** Awaits a promise that must reject with an AppError and returns what it carries. */
export async function expectAppError(promise: Promise<unknown>): Promise<ErrorInfo> {
  const outcome = await promise.then(
    (value) => ({ rejected: false as const, value }),
    (error: unknown) => ({ rejected: true as const, error }),
  );
  if (!outcome.rejected) {
    throw new Error(`Expected an AppError, got a result: ${JSON.stringify(outcome.value)}`);
  }
  expect(outcome.error instanceof AppError, String(outcome.error)).toBe(true);
  if (!(outcome.error instanceof AppError)) throw outcome.error;
  return outcome.error.info;
}

export function clientFor(service: ReferenceService, options: Partial<ServiceClientOptions> = {}) {
  return createServiceClient({ baseUrl: service.url, apiKey: DEMO_API_KEY, ...options });
}

/** The interface requests seen by the service, as method + path pairs. */
export function requestLines(service: ReferenceService): string[] {
  return service.requests().map((entry) => `${entry.method} ${entry.path}`);
}

export function parsedBodies(service: ReferenceService): unknown[] {
  return service
    .requests()
    .filter((entry) => entry.body !== '')
    .map((entry): unknown => JSON.parse(entry.body));
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
