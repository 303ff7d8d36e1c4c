import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { findUnstorableText } from '@lectern/contracts/common/storable-text';

/** Thrown by the validator; the error handler localises its issues for the caller. */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  readonly code = 'FST_ERR_VALIDATION';
  constructor(
    readonly issues: z.core.$ZodIssue[],
    readonly part: string,
  ) {
    super('Request validation failed');
    this.name = 'RequestValidationError';
  }
}

/**
 * Our own validator compiler (instead of the type provider's) so that issues keep their input and
 * bounds: the error handler renders them in the caller's language, which a prebuilt message cannot.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    // Checked on the raw input so no route, however its schema is written, lets such text reach the database.
    const bad = findUnstorableText(data);
    if (bad) {
      const issue = { code: 'custom', path: bad, message: 'text.unstorable_character', input: undefined };
      return { error: new RequestValidationError([issue as z.core.$ZodIssue], httpPart ?? 'body') };
    }
    const result = schema.safeParse(data, { reportInput: true });
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(result.error.issues, httpPart ?? 'body') };
  };
