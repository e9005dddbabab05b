import { afterAll, beforeAll, beforeEach } from 'vitest';
import {
  type ReferenceConfig,
  type ReferenceService,
  startReferenceService,
} from '../../reference-service/server';

/**
 * One reference service for the whole test file, on a free port, reset to `resetTo` before each test.
 * The returned handle forwards to the running service, so tests use it like the service itself.
 */
export function referenceServiceForFile(resetTo: Partial<ReferenceConfig> = {}): ReferenceService {
  let current: ReferenceService | undefined;
  beforeAll(async () => {
    current = await startReferenceService({ port: 0 });
  });
  afterAll(() => current?.close());
  beforeEach(() => current?.reset(resetTo));
  return new Proxy({} as ReferenceService, {
    get(_target, property) {
      if (!current) throw new Error('The reference service starts in beforeAll; use it inside tests.');
      const value: unknown = Reflect.get(current, property);
      return typeof value === 'function' ? value.bind(current) : value;
    },
  });
}
