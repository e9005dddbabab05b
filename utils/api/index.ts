export {
  type CallOptions,
  createServiceClient,
  DEFAULT_MODEL_FIELD,
  DEFAULT_TIMEOUT_MS,
  type PathForm,
  type ServiceClient,
  type ServiceClientOptions,
} from './client';
export {
  isServiceError,
  SERVICE_ERROR_KINDS,
  ServiceError,
  type ServiceErrorData,
  type ServiceErrorInfo,
  type ServiceErrorKind,
  serviceErrorKindSchema,
  serviceErrorSchema,
  toErrorInfo,
} from './errors';
export { MAX_RESPONSE_BYTES, mentionsInsufficientCredits } from './http';
export {
  EMPTY_RESULT_HINT,
  EMPTY_VIDEO_MESSAGE,
  FAILED_VIDEO_MESSAGE,
  interpretJob,
  normaliseStatus,
  usableUrls,
} from './job-status';
export { MAX_RETRY_AFTER_MS, parseRetryAfter } from './retry-after';
export * from './schemas';
export { parseHttpUrl } from './urls';
