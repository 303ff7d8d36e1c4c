import { z } from 'zod';
import { ERROR_CODES } from './errors.codes.ts';

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
