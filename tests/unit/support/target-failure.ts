import { describeError } from '../../../utils/describe-error';
import type { ErrorInfo } from '../../../utils/error-info';

/** What a backup target's call failed with, as the person reads it: its reason and its sentence. */
export const targetFailure = (promise: Promise<unknown>) =>
  promise.then(
    () => 'no failure',
    (error: { info: ErrorInfo }) => ({ reason: error.info.detail, sentence: describeError(error.info) }),
  );
