import type { ErrorCode, FieldErrors } from '@lectern/contracts/common/errors.schemas';
import type { MessageParams } from '@lectern/contracts/common/messages';
import type { MessageKey } from './messages.ts';

/** The single place an error code becomes an HTTP status. */
export const HTTP_STATUS: Record<ErrorCode, number> = {
  validation_failed: 400,
  unauthenticated: 401,
  invalid_credentials: 401,
  account_disabled: 403,
  csrf_failed: 403,
  forbidden: 403,
  simulating_read_only: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  account_locked: 429,
  login_throttled: 429,
  internal: 500,
  service_unavailable: 503,
  insufficient_storage: 507,
  bad_gateway: 502,
};

/** A message chosen from the catalogue, rendered in the caller's language when the response is written. */
export type Message = MessageKey | { key: MessageKey; params: MessageParams };

export type FieldMessages = Record<string, Message[]>;

/**
 * Every failure a service reports. It names a stable code and a catalogued message; the error handler
 * localises it and maps the code to HTTP, so services never think about status codes or languages.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly detail: Message;
  readonly fields: FieldMessages;

  constructor(code: ErrorCode, detail?: Message, fields: FieldMessages = {}) {
    const resolved = detail ?? (`error.${code}` as MessageKey);
    super(typeof resolved === 'string' ? resolved : resolved.key);
    this.name = 'AppError';
    this.code = code;
    this.detail = resolved;
    this.fields = fields;
  }

  get status(): number {
    return HTTP_STATUS[this.code];
  }
}

export const notFound = (detail?: Message) => new AppError('not_found', detail);
export const forbidden = (detail?: Message) => new AppError('forbidden', detail);
export const conflict = (detail?: Message, fields?: FieldMessages) =>
  new AppError('conflict', detail, fields);
export const unauthenticated = () => new AppError('unauthenticated');
export const simulatingReadOnly = () => new AppError('simulating_read_only');

/**
 * The result of a load that checks access, or null where the caller may not see it: for questions of
 * visibility, "not yours" and "not there" both just mean no. Any other failure still throws.
 */
export async function orNullWhenDenied<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof AppError && (error.code === 'forbidden' || error.code === 'not_found')) return null;
    throw error;
  }
}

/** A validation failure on named fields; the first field's message becomes the summary. */
export function invalid(fields: FieldMessages, detail?: Message): AppError {
  const first = Object.values(fields)[0]?.[0];
  return new AppError('validation_failed', detail ?? first, fields);
}

/** Validation errors already rendered as text (from request schemas), kept apart from catalogued ones. */
export type RenderedFieldErrors = FieldErrors;
