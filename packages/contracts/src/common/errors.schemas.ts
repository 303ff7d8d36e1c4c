import { z } from 'zod';

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
] as const;
export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

/** Per-field messages, keyed by the wire field path (`title`, `users.3.email`). */
export const FieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof FieldErrorsSchema>;

/** The one error envelope every failing response uses. */
export const ErrorResponseSchema = z
  .object({
    code: ErrorCodeSchema,
    message: z.string(),
    errors: FieldErrorsSchema,
    request_id: z.string().optional(),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;
