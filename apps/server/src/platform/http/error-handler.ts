import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorCode, ErrorResponse, FieldErrors } from '@lectern/contracts/common/errors.schemas';
import { AppError, HTTP_STATUS, type Message } from '../errors.ts';
import { translate, translateIssue, type MessageKey } from '../messages.ts';
import { infrastructureErrorCode } from './infrastructure-errors.ts';
import { RequestValidationError } from './validation.ts';

/** The one place a thrown error becomes an HTTP response. Clients never see a stack trace. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof AppError) {
      return send(request, reply, error.code, render(request, error.detail), renderFields(request, error));
    }
    if (error instanceof RequestValidationError) {
      const fields: FieldErrors = {};
      for (const issue of error.issues) {
        const key = issue.path.length > 0 ? issue.path.join('.') : error.part;
        (fields[key] ??= []).push(translateIssue(request.locale, issue));
      }
      const entries = Object.values(fields);
      const message =
        entries.length === 1 && entries[0]?.[0]
          ? entries[0][0]
          : translate(request.locale, 'error.validation_failed');
      return send(request, reply, 'validation_failed', message, fields);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause }, 'response did not match its contract');
      return send(request, reply, 'internal', translate(request.locale, 'error.internal'), {});
    }
    const infrastructure = infrastructureErrorCode(error);
    if (infrastructure) {
      // Expected while the database restarts or the disk is full; the operator sees it once per request.
      request.log.warn({ err: error }, `answered ${infrastructure}`);
      return send(request, reply, infrastructure, translate(request.locale, `error.${infrastructure}`), {});
    }
    const code = codeForFrameworkError(error as FastifyError);
    if (code === 'internal') {
      request.log.error({ err: error }, 'unhandled error');
    }
    return send(request, reply, code, translate(request.locale, `error.${code}`), {});
  });

  app.setNotFoundHandler((request, reply) =>
    send(request, reply, 'not_found', translate(request.locale, 'error.route_not_found'), {}),
  );
}

function codeForFrameworkError(error: FastifyError): ErrorCode {
  const status = error.statusCode ?? 500;
  if (
    status === 413 ||
    error.code === 'FST_REQ_FILE_TOO_LARGE' ||
    error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
  )
    return 'payload_too_large';
  if (status === 415) return 'unsupported_media_type';
  if (status === 429) return 'rate_limited';
  if (status === 404) return 'not_found';
  if (status >= 400 && status < 500) return 'validation_failed';
  return 'internal';
}

function render(request: FastifyRequest, message: Message): string {
  return typeof message === 'string'
    ? translate(request.locale, message)
    : translate(request.locale, message.key, message.params);
}

function renderFields(request: FastifyRequest, error: AppError): FieldErrors {
  const out: FieldErrors = {};
  for (const [field, messages] of Object.entries(error.fields)) {
    out[field] = messages.map((m) => render(request, m));
  }
  return out;
}

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  message: string,
  errors: FieldErrors,
): FastifyReply {
  const body: ErrorResponse = { code, message, errors, request_id: request.id };
  return reply.status(HTTP_STATUS[code]).type('application/json; charset=utf-8').send(body);
}

export type { MessageKey };
