import { AppError } from '../error-info';

/** The two path families of the interface (section 9); only balance and image exist under `/api`. */
export type PathForm = 'v1' | 'api';

export type FormEndpoint = 'balance' | 'image';

const FORM_PATHS: Record<FormEndpoint, Record<PathForm, string>> = {
  balance: { v1: '/v1/tokens/balance', api: '/api/credits/balance' },
  image: { v1: '/v1/images/generate', api: '/api/images/generate' },
};

export interface PathForms {
  /** The form that last worked, or the one given at creation; undefined until known. */
  readonly known: PathForm | undefined;
  /**
   * Tries the known path form first and the other one when the first is missing (404/405). The form
   * that works is remembered so later calls need one request.
   */
  run<T>(endpoint: FormEndpoint, request: (path: string) => Promise<T>): Promise<T>;
}

export function pathForms(initial: PathForm | undefined, onPathForm?: (form: PathForm) => void): PathForms {
  let known = initial;

  function remember(form: PathForm): void {
    if (known === form) return;
    known = form;
    try {
      onPathForm?.(form);
    } catch {
      // Persisting the form is an optimisation; a failing callback must not fail a request that worked.
    }
  }

  return {
    get known() {
      return known;
    },
    async run(endpoint, request) {
      const first = known ?? 'v1';
      const missing: AppError[] = [];
      for (const form of [first, first === 'v1' ? 'api' : 'v1'] as const) {
        try {
          const result = await request(FORM_PATHS[endpoint][form]);
          remember(form);
          return result;
        } catch (error) {
          if (!isMissingEndpoint(error)) throw error;
          missing.push(error);
        }
      }
      const status = missing[0]?.info.status;
      throw new AppError('http_error', {
        status,
        detail: missing.find((error) => error.info.detail !== undefined)?.info.detail,
      });
    },
  };
}

function isMissingEndpoint(error: unknown): error is AppError {
  return (
    error instanceof AppError &&
    error.info.kind === 'http_error' &&
    (error.info.status === 404 || error.info.status === 405)
  );
}
