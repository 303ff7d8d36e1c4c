/**
 * Stable error codes. Clients may switch on them; the HTTP status for each is fixed in one place
 * on the server (platform/errors.ts). Never rename a code: add a new one.
 */
export const ERROR_CODES = [
  'validation_failed',
  'unauthenticated',
  'invalid_credentials',
  'account_disabled',
  'csrf_failed',
  'forbidden',
  'simulating_read_only',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'internal',
  'account_locked',
  'login_throttled',
  'service_unavailable',
  'insufficient_storage',
  /** A third party this server calls (a meeting vendor) answered with an error. */
  'bad_gateway',
] as const;
